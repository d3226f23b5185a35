import { Alert, Button, Divider, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { passwordBodySchema } from '@app/shared/people/privacy';
import type { Person } from '@app/shared/people/schemas';
import { PasswordConfirmFields } from '@/components/ui/password-confirm-fields';
import { oneFieldErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useErasePerson } from '../api/erase-person';
import { erasureRefusal } from '../utils/erasure';

/**
 * Erasure on request (the right to be forgotten): a section of the person's drawer for those who may
 * use the privacy manager. People who sign in to the dashboard and the company's default record are
 * not erased here: the section says why.
 */
export function PersonErasure({ person, onErased }: { person: Person; onErased: () => void }) {
  const { t } = useTranslation('users');
  const allowed = isAllowed(useSession()?.permissions, 'show_privacy_manager_list');
  const [opened, setOpened] = useState(false);
  if (!allowed) return null;
  const refusal = erasureRefusal(person);
  return (
    <Stack gap="sm" mt="lg" data-testid="person-erasure">
      <Divider label={t('erase.title')} labelPosition="left" />
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
          {refusal ? t(`erase.${refusal}`) : t('erase.description')}
        </Text>
        {!refusal && (
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconEraser size={14} />}
            onClick={() => setOpened(true)}
            data-testid="person-erase"
          >
            {t('erase.button')}
          </Button>
        )}
      </Group>
      {opened && (
        <EraseModal
          person={person}
          onClose={() => setOpened(false)}
          onErased={() => {
            setOpened(false);
            onErased();
          }}
        />
      )}
    </Stack>
  );
}

function EraseModal({ person, onClose, onErased }: { person: Person; onClose: () => void; onErased: () => void }) {
  const { t } = useTranslation('users');
  const erase = useErasePerson();
  // A refusal about the person (they were given a dashboard login meanwhile): above the buttons.
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: (values) => zodFormErrors(passwordBodySchema, values, t),
  });
  const name = person.full_name;

  const submit = form.onSubmit(({ password }) => {
    setRefusal(null);
    erase.mutate(
      { id: person.id, password },
      {
        onSuccess: () => {
          notifySuccess(t('erase.done', { name }));
          onErased();
        },
        onError: (error) => {
          const shown = oneFieldErrors(error, 'password');
          if (shown.field) form.setFieldError('password', shown.field);
          setRefusal(shown.other);
        },
      },
    );
  });

  return (
    <Modal
      opened
      onClose={() => !erase.isPending && onClose()}
      closeOnClickOutside={!erase.isPending}
      closeOnEscape={!erase.isPending}
      withCloseButton={!erase.isPending}
      title={t('erase.modal_title', { name })}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" data-testid="person-erase-modal">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Stack gap="xs">
              <List size="sm" spacing={4}>
                <List.Item>
                  <Text size="sm" span fw={600}>
                    {t('erase.erased_title')}
                  </Text>{' '}
                  {t('erase.erased')}
                </List.Item>
                <List.Item>
                  <Text size="sm" span fw={600}>
                    {t('erase.kept_title')}
                  </Text>{' '}
                  {t('erase.kept')}
                </List.Item>
              </List>
              <Text size="sm" fw={600}>
                {t('erase.irreversible')}
              </Text>
            </Stack>
          </Alert>
          <PasswordConfirmFields
            inputProps={form.getInputProps('password')}
            label={t('erase.password')}
            hint={t('erase.password_hint')}
            refusal={refusal}
            busy={erase.isPending}
            confirmLabel={t('erase.confirm', { name })}
            onCancel={onClose}
            testId="person-erase"
          />
        </Stack>
      </form>
    </Modal>
  );
}
