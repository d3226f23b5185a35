import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  formatMinutes,
  TIMESHEET_LIMITS,
  timesheetCorrectionBodySchema,
  type TimesheetCorrectionBody,
  type TimesheetDay,
} from '@app/shared/reports/timesheet';
import { TimeField } from '@/components/ui/time-field';
import { formatIsoDay, timeOfReading } from '@/lib/dates';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCorrectTimesheetDay } from '../api/correct-timesheet-day';

export type CorrectDayTarget = { person: { id: string; full_name: string }; day: TimesheetDay } | null;

type Values = { first_in: string; last_out: string; last_out_next_day: boolean; reason: string };

const shortTime = (value: string) => value.slice(0, 5);

/** The form starts from what the day shows now (its corrected figures when it has them). */
function initialValues(day: TimesheetDay): Values {
  const lastOut = day.last_out;
  return {
    first_in: day.first_in ? timeOfReading(day.first_in.local) : '',
    last_out: lastOut ? timeOfReading(lastOut.local) : '',
    last_out_next_day: lastOut ? !lastOut.local.startsWith(day.day) : false,
    reason: '',
  };
}

function CorrectDayForm({ target, onClose }: { target: NonNullable<CorrectDayTarget>; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const correct = useCorrectTimesheetDay();
  const body = (values: Values): TimesheetCorrectionBody => ({
    person_id: target.person.id,
    day: target.day.day,
    first_in: shortTime(values.first_in),
    last_out: shortTime(values.last_out),
    last_out_next_day: values.last_out_next_day,
    reason: values.reason,
  });
  const form = useForm<Values>({
    initialValues: initialValues(target.day),
    validate: (values) => zodFormErrors(timesheetCorrectionBodySchema, body(values), t),
  });

  const submit = form.onSubmit((values) =>
    correct.mutate(body(values), {
      onSuccess: () => {
        notifySuccess(
          t('timesheet.correct.done', { name: target.person.full_name, day: formatIsoDay(target.day.day) }),
        );
        onClose();
      },
      onError: (error) => showServerErrors(form, error, 'reason'),
    }),
  );

  const original = target.day.original;
  return (
    <form onSubmit={submit} noValidate data-testid="timesheet-correct-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('timesheet.correct.recorded', {
            first_in: original.first_in ? timeOfReading(original.first_in.local) : '—',
            last_out: original.last_out ? timeOfReading(original.last_out.local) : '—',
            hours: formatMinutes(original.minutes),
          })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TimeField
            label={t('timesheet.correct.first_in')}
            required
            format="24h"
            withDropdown
            dir="ltr"
            hoursInputProps={{ 'data-testid': 'timesheet-first-in-hours' }}
            minutesInputProps={{ 'data-testid': 'timesheet-first-in-minutes' }}
            {...form.getInputProps('first_in')}
          />
          <TimeField
            label={t('timesheet.correct.last_out')}
            required
            format="24h"
            withDropdown
            dir="ltr"
            hoursInputProps={{ 'data-testid': 'timesheet-last-out-hours' }}
            minutesInputProps={{ 'data-testid': 'timesheet-last-out-minutes' }}
            {...form.getInputProps('last_out')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('timesheet.correct.next_day')}
          data-testid="timesheet-next-day"
          {...form.getInputProps('last_out_next_day', { type: 'checkbox' })}
        />
        <Textarea
          label={t('timesheet.correct.reason')}
          description={t('timesheet.correct.reason_hint')}
          required
          autosize
          minRows={2}
          maxLength={TIMESHEET_LIMITS.reasonMax}
          data-autofocus
          data-testid="timesheet-reason"
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={correct.isPending} data-testid="timesheet-correct-save">
            {t('timesheet.correct.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Corrects a person's day: first in, last out (possibly the next day) and a required reason. */
export function CorrectDayModal({ target, onClose }: { target: CorrectDayTarget; onClose: () => void }) {
  const { t } = useTranslation('reports');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={
        target ? t('timesheet.correct.title', { name: target.person.full_name, day: formatIsoDay(target.day.day) }) : ''
      }
      centered
    >
      {target && <CorrectDayForm key={`${target.person.id}:${target.day.day}`} target={target} onClose={onClose} />}
    </Modal>
  );
}
