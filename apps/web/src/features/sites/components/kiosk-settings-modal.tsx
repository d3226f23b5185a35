import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DOOR_RELAY_MODES, KIOSK_DATE_FORMATS, LANGUAGES, TEMPERATURE_UNITS } from '@app/shared/constants';
import {
  KIOSK_OFFLINE_HOURS,
  KIOSK_SIGN_MODES,
  TEMPERATURE_RANGES,
  kioskSettingsSchema,
  type Kiosk,
  type KioskSettings,
} from '@app/shared/kiosks/schemas';
import { ApiError } from '@/lib/api-client';
import { zodFormErrors } from '@/lib/form-errors';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useKiosk } from '../api/get-kiosk';
import { useUpdateKioskSettings } from '../api/update-kiosk-settings';
import { formatKioskDate, initialSettings, sameSettings, withTemperatureUnit } from '../utils/kiosk-settings';

export type KioskSettingsState = { kiosks: Kiosk[] } | null;

function LevelField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  testId: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="md" wrap="nowrap" align="center">
        <Slider
          value={value}
          onChange={onChange}
          min={0}
          max={100}
          step={5}
          label={(v) => `${v}%`}
          style={{ flex: 1 }}
          thumbLabel={label}
          data-testid={`${testId}-slider`}
        />
        <NumberInput
          value={value}
          onChange={(v) => onChange(typeof v === 'number' ? v : Number(v) || 0)}
          min={0}
          max={100}
          allowDecimal={false}
          w={90}
          rightSection={<Text size="xs">%</Text>}
          aria-label={label}
          error={error}
          data-testid={testId}
        />
      </Group>
    </Stack>
  );
}

function SettingsForm({
  kiosks,
  initial,
  onClose,
  onSaved,
}: {
  kiosks: Kiosk[];
  initial: KioskSettings | undefined;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('kiosks');
  const update = useUpdateKioskSettings();
  const form = useForm<KioskSettings>({
    initialValues: initialSettings(initial),
    validate: (values) => zodFormErrors(kioskSettingsSchema, values, t),
  });
  const unit = form.values.temperature_unit;
  const range = TEMPERATURE_RANGES[unit];
  const today = new Date();

  const submit = form.onSubmit((values) =>
    update.mutate(
      { ids: kiosks.map((k) => k.id), settings: values },
      {
        onSuccess: () => {
          notifySuccess(t('toasts.settings_updated'));
          onSaved?.();
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          // A group's fields come back as settings.<field>.
          form.setErrors(
            Object.fromEntries(
              Object.entries(error.fields).map(([name, messages]) => [
                name.replace(/^settings\./, ''),
                messages.join(' '),
              ]),
            ),
          );
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {kiosks.length > 1 && (
          <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="kiosk-settings-many">
            {initial
              ? t('settings.many_same', { count: kiosks.length })
              : t('settings.many_mixed', { count: kiosks.length })}
          </Alert>
        )}
        <Select
          label={t('settings.sign_mode')}
          description={t('settings.sign_mode_hint')}
          data={KIOSK_SIGN_MODES.map((mode) => ({ value: mode, label: t(`sign_mode.${mode}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="kiosk-sign-mode"
          {...form.getInputProps('sign_mode')}
        />
        <Switch
          label={t('settings.fire_alarm')}
          description={t('settings.fire_alarm_hint')}
          data-testid="kiosk-fire-alarm"
          {...form.getInputProps('fire_alarm', { type: 'checkbox' })}
        />
        <Select
          label={t('settings.door_relay')}
          description={t('settings.door_relay_hint')}
          data={DOOR_RELAY_MODES.map((mode) => ({ value: String(mode), label: t(`door_relay.${mode}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          value={String(form.values.door_relay)}
          onChange={(value) => form.setFieldValue('door_relay', Number(value) as KioskSettings['door_relay'])}
          error={form.errors.door_relay}
          data-testid="kiosk-door-relay"
        />
        <NumberInput
          label={t('settings.offline_hours')}
          description={t('settings.offline_hours_hint', KIOSK_OFFLINE_HOURS)}
          min={KIOSK_OFFLINE_HOURS.min}
          max={KIOSK_OFFLINE_HOURS.max}
          allowDecimal={false}
          rightSection={<Text size="xs">{t('settings.hours')}</Text>}
          rightSectionWidth={64}
          data-testid="kiosk-offline-hours"
          {...form.getInputProps('offline_hours')}
          onChange={(v) => form.setFieldValue('offline_hours', typeof v === 'number' ? v : Number(v))}
        />
        <Text size="xs" c="dimmed" data-testid="kiosk-levels-note">
          {t('settings.levels_note')}
        </Text>
        <LevelField
          label={t('settings.brightness')}
          value={form.values.brightness}
          onChange={(v) => form.setFieldValue('brightness', v)}
          error={form.errors.brightness as string | undefined}
          testId="kiosk-brightness"
        />
        <LevelField
          label={t('settings.volume')}
          value={form.values.volume}
          onChange={(v) => form.setFieldValue('volume', v)}
          error={form.errors.volume as string | undefined}
          testId="kiosk-volume"
        />
        <Select
          label={t('settings.language')}
          description={t('settings.language_hint')}
          // Each language in its own words, as the kiosk's language choice shows them.
          data={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="kiosk-language"
          {...form.getInputProps('language')}
        />
        <Select
          label={t('settings.date_format')}
          data={KIOSK_DATE_FORMATS.map((format) => ({
            value: format,
            label: t('settings.date_format_option', { format, example: formatKioskDate(today, format) }),
          }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="kiosk-date-format"
          {...form.getInputProps('date_format')}
        />
        <Group gap="md" align="flex-start" grow>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="kiosk-temperature-unit-label">
              {t('settings.temperature_unit')}
            </Text>
            <SegmentedControl
              value={unit}
              onChange={(value) => form.setValues(withTemperatureUnit(form.values, value))}
              data={TEMPERATURE_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))}
              aria-labelledby="kiosk-temperature-unit-label"
              data-testid="kiosk-temperature-unit"
            />
          </Stack>
          <NumberInput
            label={t('settings.default_temperature')}
            description={t('settings.default_temperature_hint', {
              min: range.min,
              max: range.max,
              unit: t(`units.${unit}`),
            })}
            min={range.min}
            max={range.max}
            step={0.1}
            decimalScale={1}
            rightSection={<Text size="xs">{t(`units.${unit}`)}</Text>}
            data-testid="kiosk-default-temperature"
            {...form.getInputProps('default_temperature')}
            onChange={(v) => form.setFieldValue('default_temperature', typeof v === 'number' ? v : Number(v))}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="kiosk-settings-save">
            {kiosks.length > 1 ? t('settings.save_multi', { count: kiosks.length }) : t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One kiosk's settings, loaded fresh from the server (spec: get_kiosk_with_setting). */
function OneKioskSettings({ kiosk, onClose }: { kiosk: Kiosk; onClose: () => void }) {
  const loaded = useKiosk(kiosk.id);
  if (!loaded.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return <SettingsForm kiosks={[loaded.data]} initial={loaded.data.settings} onClose={onClose} />;
}

export function KioskSettingsModal({
  state,
  onClose,
  onSaved,
}: {
  state: KioskSettingsState;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('kiosks');
  const kiosks = state?.kiosks ?? [];
  const title =
    kiosks.length === 1
      ? t('settings.title_single', { name: kiosks[0]!.name })
      : t('settings.title_multi', { count: kiosks.length });
  return (
    <Modal opened={state !== null} onClose={onClose} title={title} centered size="lg">
      {kiosks.length === 1 && <OneKioskSettings key={kiosks[0]!.id} kiosk={kiosks[0]!} onClose={onClose} />}
      {kiosks.length > 1 && (
        <SettingsForm
          key={kiosks.map((k) => k.id).join()}
          kiosks={kiosks}
          initial={sameSettings(kiosks.map((k) => k.settings))}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}
