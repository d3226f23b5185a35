import {
  Alert,
  Avatar,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMERGENCY_LIMITS, type AddToRollInput } from '@app/shared/emergency/schemas';
import { ApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useAddToRoll } from '../api/add-to-roll';
import { useRollPeople } from '../api/search-roll-people';
import { newClientId } from '../utils/mark-queue';

/** The first message the server gave for a field of the form, if any. */
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError && error.status === 400 ? error.fields[field]?.[0] : undefined;

/**
 * Someone at the muster point who is not on the roll: found among the company's people, or typed by
 * name. They join the roll present. One client id per person added, so a repeated tap adds them once.
 */
export function AddPersonModal({
  sessionId,
  opened,
  onClose,
}: {
  sessionId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('emergency');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useRollPeople(sessionId, debounced);
  const add = useAddToRoll(sessionId);
  const [clientId, setClientId] = useState(newClientId);
  const [typed, setTyped] = useState({ full_name: '', company_name: '', phone: '' });

  const close = () => {
    setSearch('');
    setTyped({ full_name: '', company_name: '', phone: '' });
    add.reset();
    onClose();
  };
  const submit = (body: AddToRollInput, name: string) =>
    add.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('session_page.add.added', { name }));
        setClientId(newClientId());
        close();
      },
    });

  const term = debounced.trim();
  return (
    <Modal opened={opened} onClose={close} title={t('session_page.add.title')} size="lg" data-testid="roll-add-modal">
      <Stack gap="md">
        <TextInput
          label={t('session_page.add.search_label')}
          description={t('session_page.add.search_hint')}
          value={search}
          maxLength={EMERGENCY_LIMITS.searchMax}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={people.isFetching ? <Loader size="xs" /> : null}
          data-testid="roll-add-search"
          data-autofocus
        />
        {term.length >= 2 && people.data && (
          <Stack gap={4} data-testid="roll-add-results">
            {people.data.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('session_page.add.no_results')}
              </Text>
            ) : (
              people.data.data.map((person) => (
                <UnstyledButton
                  key={person.id}
                  onClick={() => submit({ client_id: clientId, person_id: person.id }, person.full_name)}
                  disabled={add.isPending}
                  data-testid="roll-add-person"
                  style={{ minHeight: 48, borderRadius: 8, padding: '4px 8px' }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={person.photo_url} name={person.full_name} color="initials" radius="xl" alt="" />
                    <Stack gap={0} miw={0}>
                      <Text fw={600}>{person.full_name}</Text>
                      {person.company_name && (
                        <Text size="sm" c="dimmed">
                          {person.company_name}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </UnstyledButton>
              ))
            )}
          </Stack>
        )}
        <Divider label={t('session_page.add.or_name')} labelPosition="center" />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit(
              {
                client_id: clientId,
                full_name: typed.full_name,
                company_name: typed.company_name || undefined,
                phone: typed.phone || undefined,
              },
              typed.full_name.trim(),
            );
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('session_page.add.full_name')}
              required
              maxLength={EMERGENCY_LIMITS.nameMax}
              value={typed.full_name}
              onChange={(event) => setTyped({ ...typed, full_name: event.currentTarget.value })}
              error={fieldError(add.error, 'full_name')}
              data-testid="roll-add-name"
            />
            <Group grow align="flex-start">
              <TextInput
                label={t('session_page.add.company')}
                maxLength={EMERGENCY_LIMITS.nameMax}
                value={typed.company_name}
                onChange={(event) => setTyped({ ...typed, company_name: event.currentTarget.value })}
                error={fieldError(add.error, 'company_name')}
              />
              <TextInput
                label={t('session_page.add.phone')}
                maxLength={40}
                value={typed.phone}
                onChange={(event) => setTyped({ ...typed, phone: event.currentTarget.value })}
                error={fieldError(add.error, 'phone')}
              />
            </Group>
            {add.error instanceof ApiError &&
              add.error.status === 400 &&
              Object.keys(add.error.fields).length === 0 && <Alert color="red">{add.error.message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} mih={48}>
                {t('session_page.add.cancel')}
              </Button>
              <Button
                type="submit"
                leftSection={<IconUserPlus size={18} />}
                loading={add.isPending}
                disabled={typed.full_name.trim() === ''}
                mih={48}
                data-testid="roll-add-submit"
              >
                {t('session_page.add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
