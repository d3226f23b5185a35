import {
  Button,
  Card,
  Chip,
  Grid,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { reasonsOutsideHours, timeToMinutes } from '@app/shared/attendance/reason-ranges';
import { ATTENDANCE_LIMITS, type AttendanceMode, type NameRef } from '@app/shared/attendance/schemas';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { serverFormErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { TimeField } from '@/components/ui/time-field';
import { useSaveAttendanceMode } from '../api/save-attendance-mode';
import { useModeNameStatus } from '../hooks/use-mode-name-status';
import { daysSummary, WEEKDAY_PRESETS, weekdayNames } from '../utils/days';
import {
  emptyModeForm,
  modeBody,
  modeFormValues,
  shortTime,
  validateModeForm,
  type ModeFormValues,
} from '../utils/mode-form';
import { NameStatusIcon } from './name-status-icon';
import { ScheduleTimeline } from './schedule-timeline';

type ModeFormProps = {
  /** The mode being changed; none to add one. */
  mode?: AttendanceMode;
  /** The sites the admin may choose. */
  sites: NameRef[];
  onSaved: (mode: AttendanceMode, outcome: 'created' | 'updated') => void;
};

/**
 * Adds or changes an attendance mode: name (checked live), the sites it serves, its days, hours and
 * allowances. Checked with the server's own schema and rules before saving; a preview draws the
 * schedule with the mode's reasons, red where new hours would leave one outside.
 */
export function ModeForm({ mode, sites, onSaved }: ModeFormProps) {
  const { t, i18n } = useTranslation('attendance');
  const own = new Set(sites.map((s) => s.id));
  const elsewhere = mode?.sites.filter((s) => !own.has(s.id)) ?? [];
  const save = useSaveAttendanceMode();
  const form = useForm<ModeFormValues>({
    initialValues: mode ? modeFormValues(mode, own) : emptyModeForm(sites.length === 1 ? [sites[0]!.id] : []),
    validate: (values) => {
      const errors = validateModeForm(values, mode?.reasons ?? [], t);
      if (!errors.name && nameStatus.message) errors.name = nameStatus.message;
      return errors;
    },
  });
  const nameStatus = useModeNameStatus(form.values.name, { excludeId: mode?.id, current: mode?.name });

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: mode?.id ?? null, body: modeBody(values) },
      {
        onSuccess: (saved) => onSaved(saved, mode ? 'updated' : 'created'),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (Object.keys(error.fields).length === 0) return notifyError(error.message);
          form.setErrors(serverFormErrors(error.fields));
        },
      },
    ),
  );

  const values = form.values;
  const body = modeBody(values);
  const hoursValid = timeToMinutes(body.end_time) > timeToMinutes(body.start_time);
  const outside = hoursValid ? reasonsOutsideHours(body, mode?.reasons ?? []) : [];
  const days = weekdayNames(i18n.language);

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder radius="md" p="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('form.name')}
                placeholder={t('form.name_placeholder')}
                required
                maxLength={ATTENDANCE_LIMITS.modeNameMax}
                data-autofocus
                rightSection={<NameStatusIcon status={nameStatus.status} />}
                data-testid="mode-name-input"
                {...form.getInputProps('name')}
                error={form.errors.name ?? nameStatus.message}
              />
              <MultiSelect
                label={t('form.sites')}
                description={t('form.sites_hint')}
                placeholder={values.site_ids.length ? undefined : t('form.sites_placeholder')}
                data={sites.map((s) => ({ value: s.id, label: s.name }))}
                required
                searchable
                clearable
                hidePickedOptions
                nothingFoundMessage={sites.length ? t('form.no_sites') : t('form.no_sites_at_all')}
                comboboxProps={{ withinPortal: true }}
                data-testid="mode-sites"
                {...form.getInputProps('site_ids')}
              />
              {elsewhere.length > 0 && (
                <Text size="xs" c="dimmed" mt={-8} data-testid="mode-sites-kept">
                  {t('form.sites_kept', { names: elsewhere.map((s) => s.name).join(', ') })}
                </Text>
              )}
              <Input.Wrapper label={t('form.days')} required error={form.errors.days}>
                <Stack gap={6} mt={4}>
                  <Chip.Group
                    multiple
                    value={values.days.map(String)}
                    onChange={(next) => {
                      form.setFieldValue(
                        'days',
                        next.map(Number).sort((a, b) => a - b),
                      );
                      form.clearFieldError('days');
                    }}
                  >
                    <Group gap={6} data-testid="mode-days">
                      {days.map(({ day, name }) => (
                        <Chip key={day} value={String(day)} size="sm" data-testid={`mode-day-${day}`}>
                          {name}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                  <Group gap={4}>
                    {(Object.keys(WEEKDAY_PRESETS) as (keyof typeof WEEKDAY_PRESETS)[]).map((preset) => (
                      <Button
                        key={preset}
                        variant="subtle"
                        size="compact-xs"
                        onClick={() => {
                          form.setFieldValue('days', [...WEEKDAY_PRESETS[preset]]);
                          form.clearFieldError('days');
                        }}
                        data-testid={`mode-days-${preset}`}
                      >
                        {t(`form.presets.${preset}`)}
                      </Button>
                    ))}
                  </Group>
                </Stack>
              </Input.Wrapper>
              <Group grow align="flex-start">
                <TimeField
                  label={t('form.start_time')}
                  format="24h"
                  required
                  withDropdown
                  minutesStep={5}
                  hoursInputProps={{ 'data-testid': 'mode-start-hours' }}
                  minutesInputProps={{ 'data-testid': 'mode-start-minutes' }}
                  {...form.getInputProps('start_time')}
                />
                <TimeField
                  label={t('form.end_time')}
                  format="24h"
                  required
                  withDropdown
                  minutesStep={5}
                  hoursInputProps={{ 'data-testid': 'mode-end-hours' }}
                  minutesInputProps={{ 'data-testid': 'mode-end-minutes' }}
                  {...form.getInputProps('end_time')}
                />
              </Group>
              <Group grow align="flex-start">
                <NumberInput
                  label={t('form.late_allowance')}
                  description={t('form.late_allowance_hint')}
                  min={0}
                  max={ATTENDANCE_LIMITS.allowanceMax}
                  allowDecimal={false}
                  allowNegative={false}
                  suffix={` ${t('form.minutes_suffix')}`}
                  data-testid="mode-late-allowance"
                  {...form.getInputProps('late_sign_in_minutes')}
                />
                <NumberInput
                  label={t('form.early_allowance')}
                  description={t('form.early_allowance_hint')}
                  min={0}
                  max={ATTENDANCE_LIMITS.allowanceMax}
                  allowDecimal={false}
                  allowNegative={false}
                  suffix={` ${t('form.minutes_suffix')}`}
                  data-testid="mode-early-allowance"
                  {...form.getInputProps('early_sign_out_minutes')}
                />
              </Group>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" component={Link} to={paths.attendanceModes}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending} data-testid="mode-save">
                  {t('form.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder radius="md" p="lg" data-testid="mode-preview">
          <Stack gap="sm">
            <Title order={5}>{t('preview.title')}</Title>
            <Text size="sm">
              {values.days.length
                ? t('preview.schedule', {
                    days: daysSummary(values.days, i18n.language),
                    start: shortTime(values.start_time) || '--:--',
                    end: shortTime(values.end_time) || '--:--',
                  })
                : t('preview.no_days')}
            </Text>
            {hoursValid && (
              <Text size="sm" c="dimmed">
                {t('preview.allowances', {
                  late: body.late_sign_in_minutes,
                  early: body.early_sign_out_minutes,
                })}
              </Text>
            )}
            <ScheduleTimeline
              start_time={body.start_time}
              end_time={body.end_time}
              late_sign_in_minutes={body.late_sign_in_minutes}
              early_sign_out_minutes={body.early_sign_out_minutes}
              reasons={mode?.reasons ?? []}
              outsideIds={new Set(outside.map((r) => r.id))}
              testId="mode-form-timeline"
            />
            {mode && mode.reasons.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('preview.no_reasons')}
              </Text>
            )}
            {!mode && (
              <Text size="xs" c="dimmed">
                {t('preview.reasons_later')}
              </Text>
            )}
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
