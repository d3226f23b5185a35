import { Alert, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { WatchlistSettings } from '@app/shared/watchlist/schemas';
import { PeopleMultiSelect, type PersonOption } from '@/components/people-picker/people-picker';
import { SOURCE_PERMISSION } from '@/components/people-picker/search-people';
import { LoadedSettingsModal, SettingsFormActions } from '@/components/ui/settings-modal';
import { ApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useNotifiedPeople } from '../api/get-notified-people';
import { useWatchlistSettings } from '../api/get-watchlist-settings';
import { useSaveWatchlistSettings } from '../api/save-watchlist-settings';
import { NOTIFY_MAX, THRESHOLD_RANGE, foldListErrors, thresholdError } from '../utils/settings-form';

type SettingsValues = { name_threshold: number | string; people: PersonOption[] };

function SettingsForm({
  settings,
  people,
  onClose,
}: {
  settings: WatchlistSettings;
  people: PersonOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation('watchlist');
  const save = useSaveWatchlistSettings();
  const form = useForm<SettingsValues>({
    initialValues: { name_threshold: settings.name_threshold, people },
    validate: {
      name_threshold: (value) => thresholdError(value, t),
      people: (value) => (value.length > NOTIFY_MAX ? t('settings.notify_over_max', { max: NOTIFY_MAX }) : null),
    },
  });

  const submit = form.onSubmit((values) => {
    save.mutate(
      { name_threshold: Number(values.name_threshold), notify_person_ids: values.people.map((p) => p.id) },
      {
        onSuccess: () => {
          notifySuccess(t('settings.saved'));
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const fields = foldListErrors(error.fields, 'notify_person_ids');
          const { notify_person_ids: notify, ...rest } = fields;
          form.setErrors({ ...rest, ...(notify ? { people: notify } : {}) });
          if (Object.keys(fields).length === 0) form.setFieldError('name_threshold', error.message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="watchlist-settings-form">
      <Stack gap="md">
        <NumberInput
          label={t('settings.threshold')}
          description={t('settings.threshold_hint', THRESHOLD_RANGE)}
          required
          min={THRESHOLD_RANGE.min}
          max={THRESHOLD_RANGE.max}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          suffix="%"
          w={{ base: '100%', xs: 320 }}
          data-autofocus
          data-testid="watchlist-settings-threshold"
          {...form.getInputProps('name_threshold')}
        />
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} p="sm">
          <Text size="sm">{t('settings.threshold_explained')}</Text>
        </Alert>
        <PeopleMultiSelect
          label={t('settings.notify')}
          description={t('settings.notify_hint', { max: NOTIFY_MAX })}
          noAccess={t('settings.notify_no_access')}
          value={form.values.people}
          onChange={(chosen) => form.setFieldValue('people', chosen)}
          error={typeof form.errors.people === 'string' ? form.errors.people : undefined}
          testId="watchlist-settings-people"
        />
        <SettingsFormActions
          onCancel={onClose}
          saving={save.isPending}
          dirty={form.isDirty()}
          saveLabel={t('settings.save')}
          testId="watchlist-settings-save"
        />
      </Stack>
    </form>
  );
}

/** How alike names must be to match, and the people mailed of every match: read when opened. */
export function SettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('watchlist');
  const canReadPeople = isAllowed(useSession()?.permissions, SOURCE_PERMISSION.people);
  const settings = useWatchlistSettings(opened);
  const ids = settings.data?.notify_person_ids ?? [];
  const people = useNotifiedPeople(ids, opened && canReadPeople && ids.length > 0);
  const peopleReady = !canReadPeople || ids.length === 0 || !people.isPending;

  const settingsData = settings.data;
  return (
    <LoadedSettingsModal
      opened={opened}
      onClose={onClose}
      title={t('settings.title')}
      state={settings.isError ? 'failed' : !settingsData || !peopleReady ? 'loading' : 'ready'}
      failedTitle={t('settings.load_failed')}
      loadingLabel={t('settings.loading')}
      onRetry={() => void settings.refetch()}
      form={() => (
        <SettingsForm
          settings={settingsData!}
          people={ids.map((id) => {
            const found = people.data?.find((p) => p.id === id);
            return { id, full_name: found?.full_name ?? t('settings.unknown_person'), email: found?.email ?? null };
          })}
          onClose={onClose}
        />
      )}
    />
  );
}
