import { Alert, Group, Input, MultiSelect, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OVER_CAPACITY_MODES, type CapacitySettings } from '@app/shared/capacity/schemas';
import { LoadedSettingsModal, SettingsFormActions } from '@/components/ui/settings-modal';
import { ApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useCapacitySettings } from '../api/get-capacity-settings';
import { useUserTypeOptions } from '../api/list-user-types';
import { useSaveCapacitySettings } from '../api/save-capacity-settings';
import {
  NEARING_RANGE,
  nearingError,
  settingsBody,
  settingsFormValues,
  settingsServerErrors,
  type SettingsValues,
} from '../utils/settings-form';

type TypeOption = { value: string; label: string };

function SettingsForm({
  settings,
  types,
  typesFailed,
  onClose,
}: {
  settings: CapacitySettings;
  types: TypeOption[];
  typesFailed: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('capacity');
  const save = useSaveCapacitySettings();
  const modeId = useId();
  const form = useForm<SettingsValues>({
    initialValues: settingsFormValues(settings),
    validate: { nearing_percent: (value) => nearingError(value, t) },
  });

  const submit = form.onSubmit((values) =>
    save.mutate(settingsBody(values), {
      onSuccess: () => {
        notifySuccess(t('settings.saved'));
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const fields = settingsServerErrors(error.fields);
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        else form.setFieldError('over_capacity', error.message);
      },
    }),
  );

  // A chosen type the list no longer has (or one the reader may not list) still shows, by a word.
  const known = new Set(types.map((type) => type.value));
  const options = [
    ...types,
    ...form.values.visitor_user_type_ids
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, label: t('settings.unknown_type') })),
  ];
  const mode = form.values.over_capacity;
  const chosen = form.values.visitor_user_type_ids;

  return (
    <form onSubmit={submit} noValidate data-testid="capacity-settings-form">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('settings.intro')}
        </Text>
        <Input.Wrapper
          id={modeId}
          label={t('settings.mode')}
          description={t(`settings.mode_hints.${mode}`)}
          error={form.errors.over_capacity}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          labelElement="div"
        >
          <SegmentedControl
            fullWidth
            aria-labelledby={`${modeId}-label`}
            aria-describedby={`${modeId}-description`}
            data={OVER_CAPACITY_MODES.map((value) => ({ value, label: t(`settings.modes.${value}`) }))}
            value={mode}
            onChange={(value) => form.setFieldValue('over_capacity', value)}
            mt={4}
            mb={4}
            data-testid="capacity-settings-mode"
          />
        </Input.Wrapper>
        <NumberInput
          label={t('settings.nearing')}
          description={t('settings.nearing_hint', NEARING_RANGE)}
          required
          min={NEARING_RANGE.min}
          max={NEARING_RANGE.max}
          step={1}
          suffix=" %"
          w={{ base: '100%', xs: 260 }}
          data-testid="capacity-settings-nearing"
          {...form.getInputProps('nearing_percent')}
        />
        <Stack gap={6}>
          <MultiSelect
            label={t('settings.visitor_types')}
            description={t('settings.visitor_types_hint')}
            placeholder={chosen.length === 0 ? t('settings.visitor_types_placeholder') : undefined}
            nothingFoundMessage={t('settings.visitor_types_nothing_found')}
            data={options}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="capacity-settings-types"
            {...form.getInputProps('visitor_user_type_ids')}
          />
          {typesFailed ? (
            <Alert color="yellow" variant="light" p="xs" data-testid="capacity-settings-types-failed">
              <Text size="xs">{t('settings.visitor_types_unavailable')}</Text>
            </Alert>
          ) : (
            chosen.length === 0 && (
              <Group gap={6} wrap="nowrap" data-testid="capacity-settings-types-all">
                <IconInfoCircle size={14} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="xs">{t('settings.visitor_types_all')}</Text>
              </Group>
            )
          )}
        </Stack>
        <SettingsFormActions
          onCancel={onClose}
          saving={save.isPending}
          dirty={form.isDirty()}
          saveLabel={t('settings.save')}
          testId="capacity-settings-save"
        />
      </Stack>
    </form>
  );
}

/** What the company does when a place is full, read when opened and saved with PUT /capacity/settings. */
export function CapacitySettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('capacity');
  const settings = useCapacitySettings(opened);
  const types = useUserTypeOptions(opened);

  const settingsData = settings.data;
  return (
    <LoadedSettingsModal
      opened={opened}
      onClose={onClose}
      title={t('settings.title')}
      state={settings.isError ? 'failed' : !settingsData || types.isPending ? 'loading' : 'ready'}
      failedTitle={t('settings.load_failed')}
      loadingLabel={t('settings.loading')}
      onRetry={() => void settings.refetch()}
      form={() => (
        <SettingsForm settings={settingsData!} types={types.data ?? []} typesFailed={types.isError} onClose={onClose} />
      )}
    />
  );
}
