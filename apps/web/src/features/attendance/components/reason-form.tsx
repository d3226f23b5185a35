import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { reasonEndTime, REASON_TYPES, TIME_PATTERN } from '@app/shared/attendance/reason-ranges';
import { ATTENDANCE_LIMITS, type AttendanceMode, type AttendanceReason } from '@app/shared/attendance/schemas';
import { hrefFor, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { serverFormErrors } from '@/lib/form-errors';
import { navigateTo } from '@/lib/navigation';
import { notifyError } from '@/lib/notify';
import { TimeField } from '@/components/ui/time-field';
import { useSaveAttendanceReason } from '../api/save-attendance-reason';
import { daysSummary } from '../utils/days';
import { shortTime } from '../utils/mode-form';
import {
  emptyReasonForm,
  isWithinAllowance,
  reasonBody,
  reasonFormValues,
  validateReasonForm,
  type ReasonFormValues,
} from '../utils/reason-form';
import { ScheduleTimeline } from './schedule-timeline';

type ReasonFormProps = {
  mode: AttendanceMode;
  /** The reason being changed; none to add one. */
  reason?: AttendanceReason;
  onSaved: (outcome: 'created' | 'updated') => void;
};

/**
 * Adds or changes a reason of a mode: name, type, start, duration and attendance code. The range is
 * checked against the mode's hours and its other reasons as it is typed (the same rules as the
 * server's), and drawn on the mode's schedule.
 */
export function ReasonForm({ mode, reason, onSaved }: ReasonFormProps) {
  const { t, i18n } = useTranslation('attendance');
  const save = useSaveAttendanceReason();
  const reasonId = reason?.id ?? null;
  const form = useForm<ReasonFormValues>({
    initialValues: reason ? reasonFormValues(reason) : emptyReasonForm(mode),
    validate: (values) => validateReasonForm(values, mode, reasonId, t),
    validateInputOnBlur: true,
  });
  const values = form.values;

  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: reasonId, modeId: mode.id, body: reasonBody(v) },
      {
        onSuccess: () => onSaved(reason ? 'updated' : 'created'),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (Object.keys(error.fields).length === 0) return notifyError(error.message);
          form.setErrors(serverFormErrors(error.fields));
        },
      },
    ),
  );

  const start = shortTime(values.start_time);
  const duration = values.duration_minutes === '' ? Number.NaN : Number(values.duration_minutes);
  const rangeKnown = TIME_PATTERN.test(start) && Number.isInteger(duration) && duration >= 1;
  const live = rangeKnown ? validateReasonForm(values, mode, reasonId, t) : {};
  const rangeOk = !live.start_time && !live.duration_minutes;
  const draft = rangeKnown
    ? {
        id: reasonId ?? undefined,
        name: values.name || t('preview.new_reason'),
        type: values.type,
        start_time: start,
        duration_minutes: duration,
        ok: rangeOk,
      }
    : null;
  const neverAsked =
    rangeKnown &&
    rangeOk &&
    isWithinAllowance({ type: values.type, start_time: start, duration_minutes: duration }, mode);

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder radius="md" p="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Input.Wrapper label={t('form.mode')} description={reason ? t('form.mode_fixed') : undefined}>
                <Group gap="xs" mt={4}>
                  <Text fw={500} data-testid="reason-mode-name">
                    {mode.name}
                  </Text>
                  <Text size="sm" c="dimmed" span>
                    {mode.start_time}–{mode.end_time}
                  </Text>
                  {!reason && (
                    <Anchor component={Link} to={paths.addReason} size="sm">
                      {t('form.change_mode')}
                    </Anchor>
                  )}
                </Group>
              </Input.Wrapper>
              <TextInput
                label={t('form.reason_name')}
                placeholder={t('form.reason_name_placeholder')}
                description={t('form.reason_name_hint', {
                  count: values.name.length,
                  max: ATTENDANCE_LIMITS.reasonNameMax,
                })}
                required
                maxLength={ATTENDANCE_LIMITS.reasonNameMax}
                data-autofocus
                data-testid="reason-name"
                {...form.getInputProps('name')}
              />
              <Input.Wrapper label={t('form.type')} required error={form.errors.type}>
                <SegmentedControl
                  mt={4}
                  fullWidth
                  data={REASON_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                  value={values.type}
                  onChange={(value) => {
                    form.setFieldValue('type', value);
                    form.clearFieldError('start_time');
                    form.clearFieldError('duration_minutes');
                  }}
                  data-testid="reason-type"
                />
              </Input.Wrapper>
              <Text size="xs" c="dimmed" mt={-8}>
                {t(`form.type_hint.${values.type}`)}
              </Text>
              <Group grow align="flex-start">
                <TimeField
                  label={t('form.start_time')}
                  format="24h"
                  required
                  withDropdown
                  minutesStep={5}
                  hoursInputProps={{ 'data-testid': 'reason-start-hours' }}
                  minutesInputProps={{ 'data-testid': 'reason-start-minutes' }}
                  {...form.getInputProps('start_time')}
                />
                <NumberInput
                  label={t('form.duration')}
                  required
                  min={ATTENDANCE_LIMITS.durationMin}
                  max={ATTENDANCE_LIMITS.durationMax}
                  allowDecimal={false}
                  allowNegative={false}
                  suffix={` ${t('form.minutes_suffix')}`}
                  data-testid="reason-duration"
                  {...form.getInputProps('duration_minutes')}
                />
              </Group>
              <TextInput
                label={t('form.attendance_code')}
                description={t('form.attendance_code_hint')}
                placeholder={t('form.attendance_code_placeholder')}
                maxLength={ATTENDANCE_LIMITS.attendanceCodeMax}
                data-testid="reason-code-input"
                {...form.getInputProps('attendance_code')}
              />
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  onClick={() => navigateTo(hrefFor(paths.attendanceModes, {}, { mode: mode.id }))}
                >
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending} data-testid="reason-save">
                  {t('form.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder radius="md" p="lg" data-testid="reason-preview">
          <Stack gap="sm">
            <Title order={5}>{t('preview.reason_title', { name: mode.name })}</Title>
            <Text size="sm" c="dimmed">
              {t('panel.schedule', {
                days: daysSummary(mode.days, i18n.language),
                start: mode.start_time,
                end: mode.end_time,
              })}
            </Text>
            <ScheduleTimeline {...mode} draft={draft} testId="reason-timeline" />
            {draft && (
              <Text size="sm" data-testid="reason-range">
                {t(`preview.range.${values.type}`, { start, end: reasonEndTime(draft) })}
              </Text>
            )}
            {neverAsked && (
              <Alert
                variant="light"
                color="yellow"
                icon={<IconInfoCircle size={18} />}
                data-testid="reason-never-asked"
              >
                {t('panel.never_asked')}
              </Alert>
            )}
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
