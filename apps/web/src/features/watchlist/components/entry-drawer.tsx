import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WATCHLIST_LEVELS, WATCHLIST_LIMITS, type WatchlistEntry } from '@app/shared/watchlist/schemas';
import { DATE_INPUT_FORMAT } from '@/lib/dates';
import { showServerErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateWatchlistEntry } from '../api/create-watchlist-entry';
import { useUpdateWatchlistEntry } from '../api/update-watchlist-entry';
import {
  canAddAlias,
  emptyEntryValues,
  entryBody,
  entryFormErrors,
  entryFormValues,
  type EntryFormValues,
} from '../utils/entry-form';
import { EntryPhoto } from './entry-photo';

/**
 * Names and reasons are typed in either script whatever the page's language: each line reads in the
 * direction of its own text and starts on its own side.
 */
const FREE_TEXT = { input: { unicodeBidi: 'plaintext' } } as const;

/** Adding, or editing an entry (`added`: it was added just now, and may take its photo). */
export type EntryDrawerState = { mode: 'add' } | { mode: 'edit'; entry: WatchlistEntry; added?: boolean } | null;

function EntryForm({
  entry,
  onSaved,
  onCancel,
}: {
  entry: WatchlistEntry | null;
  onSaved: (entry: WatchlistEntry) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('watchlist');
  const create = useCreateWatchlistEntry();
  const update = useUpdateWatchlistEntry();
  const form = useForm<EntryFormValues>({
    initialValues: entry ? entryFormValues(entry) : emptyEntryValues(),
    validate: (values) => entryFormErrors(values, t),
  });
  const { level, aliases } = form.values;

  const submit = form.onSubmit((values) => {
    const body = entryBody(values);
    const failed = (error: unknown) => showServerErrors(form, error, 'full_name');
    if (entry) update.mutate({ id: entry.id, body }, { onSuccess: onSaved, onError: failed });
    else create.mutate(body, { onSuccess: onSaved, onError: failed });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="watchlist-entry-form">
      <Stack gap="md">
        <Input.Wrapper label={t('form.level')} required description={t(`level_hints.${level}`)}>
          <SegmentedControl
            fullWidth
            mt={6}
            data={WATCHLIST_LEVELS.map((value) => ({ value, label: t(`levels.${value}`) }))}
            data-testid="watchlist-form-level"
            {...form.getInputProps('level')}
          />
        </Input.Wrapper>
        <TextInput
          label={t('form.full_name')}
          required
          data-autofocus
          styles={FREE_TEXT}
          data-testid="watchlist-form-name"
          {...form.getInputProps('full_name')}
        />
        <Input.Wrapper
          label={t('form.aliases')}
          description={t('form.aliases_hint', { max: WATCHLIST_LIMITS.aliasesMax })}
          error={form.errors.aliases}
        >
          <Stack gap="xs" mt={6}>
            {aliases.map((_, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  aria-label={t('form.alias_label', { number: index + 1 })}
                  style={{ flex: 1 }}
                  styles={FREE_TEXT}
                  data-testid="watchlist-form-alias"
                  {...form.getInputProps(`aliases.${index}`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('form.remove_alias', { number: index + 1 })}
                  onClick={() => form.removeListItem('aliases', index)}
                  data-testid="watchlist-form-alias-remove"
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={!canAddAlias(form.values)}
                onClick={() => form.insertListItem('aliases', '')}
                data-testid="watchlist-form-alias-add"
              >
                {t('form.add_alias')}
              </Button>
            </Group>
          </Stack>
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('form.email')}
            type="email"
            dir="ltr"
            data-testid="watchlist-form-email"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('form.phone')}
            type="tel"
            dir="ltr"
            data-testid="watchlist-form-phone"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('form.company')}
            styles={FREE_TEXT}
            data-testid="watchlist-form-company"
            {...form.getInputProps('company_name')}
          />
          <TextInput
            label={t('form.date_of_birth')}
            placeholder={DATE_INPUT_FORMAT}
            description={t('form.date_hint', { format: DATE_INPUT_FORMAT })}
            dir="ltr"
            data-testid="watchlist-form-birth"
            {...form.getInputProps('date_of_birth')}
          />
        </SimpleGrid>
        <Textarea
          label={t('form.reason')}
          description={t('form.reason_hint')}
          required
          autosize
          minRows={3}
          maxRows={8}
          styles={FREE_TEXT}
          data-testid="watchlist-form-reason"
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending || update.isPending}
            disabled={entry !== null && !form.isDirty()}
            data-testid="watchlist-form-save"
          >
            {entry ? t('form.save') : t('form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The entry's form beside the list. A new entry is saved first; the drawer then stays open on it, so
 * its photo (which belongs to a saved entry) can be added.
 */
export function EntryDrawer({
  state,
  onChange,
}: {
  state: EntryDrawerState;
  onChange: (state: EntryDrawerState) => void;
}) {
  const { t } = useTranslation('watchlist');
  const entry = state?.mode === 'edit' ? state.entry : null;
  const close = () => onChange(null);
  return (
    <Drawer
      opened={state !== null}
      onClose={close}
      // Beside the list, like the person drawer: Mantine puts it at the end of the line (the left in Arabic).
      position="right"
      size="lg"
      title={entry ? t('form.edit_title', { name: entry.full_name }) : t('form.add_title')}
      data-testid="watchlist-entry-drawer"
    >
      {state && (
        <Stack gap="lg">
          {state.mode === 'edit' && state.added && (
            <Alert
              color="teal"
              variant="light"
              icon={<IconCircleCheck size={18} />}
              data-testid="watchlist-entry-added"
            >
              {t('form.added_photo_next', { name: state.entry.full_name })}
            </Alert>
          )}
          <EntryPhoto entry={entry} onChange={(saved) => onChange({ mode: 'edit', entry: saved, added: false })} />
          <EntryForm
            key={entry?.id ?? 'new'}
            entry={entry}
            onCancel={close}
            onSaved={(saved) => {
              if (entry) {
                notifySuccess(t('form.updated', { name: saved.full_name }));
                close();
              } else {
                notifySuccess(t('form.created', { name: saved.full_name }));
                onChange({ mode: 'edit', entry: saved, added: true });
              }
            }}
          />
          <Text size="xs" c="dimmed">
            {t('form.screening_note')}
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}
