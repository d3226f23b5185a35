import {
  Button,
  Chip,
  Group,
  Input,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendarEvent } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextOccurrences } from '@app/shared/visit-permits/recurrence';
import {
  ISO_WEEKDAYS,
  RECURRENCES,
  VISIT_PERMIT_LIMITS,
  visitPermitBodySchema,
  type VisitPermit,
} from '@app/shared/visit-permits/schemas';
import { DATE_INPUT_FORMAT, parseTypedDate } from '@/lib/dates';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { TimeField } from '@/components/ui/time-field';
import { useCreateVisitPermit } from '../api/create-visit-permit';
import { useUpdateVisitPermit } from '../api/update-visit-permit';
import { emptyPermitValues, permitBody, permitFormValues, type PermitFormValues } from '../utils/permit-form';
import { formatDate, weekdayNames } from '../utils/schedule-format';

export type PermitModalState = { mode: 'add' } | { mode: 'edit'; permit: VisitPermit } | null;

const PREVIEW_COUNT = 5;

/** The next visits the form's schedule allows, on the company's clock; nothing until the form is valid. */
function Preview({ values, timezone }: { values: PermitFormValues; timezone: string }) {
  const { t, i18n } = useTranslation('visit-permits');
  // From when the form opened: the preview does not move while the form is filled in.
  const [now] = useState(() => Date.now());
  // The schedule alone decides the visits: a name still being typed does not hide them.
  const parsed = visitPermitBodySchema.safeParse({ ...permitBody(values), name: 'preview' });
  // A handful of days, each two time-zone look-ups: cheap enough for every keystroke.
  const occurrences = parsed.success ? nextOccurrences(parsed.data, now, timezone, PREVIEW_COUNT) : null;
  const names = weekdayNames(i18n.language);
  const weekday = (date: string) => names[((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1];
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" data-testid="permit-preview">
      <Stack gap={6}>
        <Group gap={6}>
          <IconCalendarEvent size={16} aria-hidden />
          <Text size="sm" fw={600}>
            {t('form.preview_title')}
          </Text>
        </Group>
        {occurrences === null ? (
          <Text size="sm" c="dimmed">
            {t('form.preview_invalid')}
          </Text>
        ) : occurrences.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="permit-preview-none">
            {t('form.preview_none')}
          </Text>
        ) : (
          occurrences.map((o) => (
            <Text key={o.date} size="sm" data-testid="permit-preview-item">
              {weekday(o.date)} <bdi>{formatDate(o.date)}</bdi> · <bdi>{`${o.start_time}–${o.end_time}`}</bdi>
            </Text>
          ))
        )}
        <Text size="xs" c="dimmed">
          {t('form.timezone_note', { timezone })}
        </Text>
      </Stack>
    </Paper>
  );
}

function PermitForm({
  permit,
  timezone,
  onClose,
}: {
  permit: VisitPermit | null;
  timezone: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('visit-permits');
  const create = useCreateVisitPermit();
  const update = useUpdateVisitPermit();
  const form = useForm<PermitFormValues>({
    initialValues: permit ? permitFormValues(permit) : emptyPermitValues(dayjs().format('YYYY-MM-DD')),
    validate: (values) => zodFormErrors(visitPermitBodySchema, permitBody(values), t),
  });
  const { recurrence } = form.values;
  const names = weekdayNames(i18n.language, 'short');

  const submit = form.onSubmit((values) => {
    const body = permitBody(values);
    const done = () => {
      notifySuccess(permit ? t('toasts.updated', { name: body.name }) : t('toasts.created', { name: body.name }));
      onClose();
    };
    const failed = (error: unknown) => showServerErrors(form, error, 'name');
    if (permit) update.mutate({ id: permit.id, ...body }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  });

  const startDay = Number((form.values.start_date ?? '').slice(8, 10));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          placeholder={t('form.name_placeholder')}
          required
          maxLength={VISIT_PERMIT_LIMITS.nameMax}
          data-autofocus
          data-testid="permit-name"
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('form.description')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={VISIT_PERMIT_LIMITS.descriptionMax}
          data-testid="permit-description"
          {...form.getInputProps('description')}
        />
        <Input.Wrapper label={t('form.recurrence')} required>
          <SegmentedControl
            fullWidth
            mt={4}
            data={RECURRENCES.map((r) => ({ value: r, label: t(`recurrences.${r}`) }))}
            data-testid="permit-recurrence"
            {...form.getInputProps('recurrence')}
          />
        </Input.Wrapper>
        {recurrence === 'weekly' && (
          <Input.Wrapper label={t('form.weekdays')} required error={form.errors.weekdays}>
            <Chip.Group multiple {...form.getInputProps('weekdays')}>
              <Group gap={6} mt={6}>
                {ISO_WEEKDAYS.map((day) => (
                  <Chip key={day} value={String(day)} size="sm" data-testid={`permit-weekday-${day}`}>
                    {names[day]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateInput
            label={recurrence === 'none' ? t('form.date') : t('form.start_date')}
            description={recurrence === 'none' ? undefined : t('form.start_date_hint')}
            required
            valueFormat={DATE_INPUT_FORMAT}
            dateParser={parseTypedDate}
            placeholder={DATE_INPUT_FORMAT}
            data-testid="permit-start-date"
            {...form.getInputProps('start_date')}
          />
          {recurrence !== 'none' && (
            <DateInput
              label={t('form.end_date')}
              description={t('form.end_date_hint')}
              clearable
              valueFormat={DATE_INPUT_FORMAT}
              dateParser={parseTypedDate}
              placeholder={DATE_INPUT_FORMAT}
              minDate={form.values.start_date ?? undefined}
              data-testid="permit-end-date"
              {...form.getInputProps('end_date')}
            />
          )}
          <TimeField
            label={t('form.start_time')}
            required
            format="24h"
            withDropdown
            minutesStep={5}
            dir="ltr"
            data-testid="permit-start-time"
            {...form.getInputProps('start_time')}
          />
          <TimeField
            label={t('form.end_time')}
            required
            format="24h"
            withDropdown
            minutesStep={5}
            dir="ltr"
            data-testid="permit-end-time"
            {...form.getInputProps('end_time')}
          />
        </SimpleGrid>
        {recurrence === 'monthly' && startDay > 0 && (
          <Text size="sm" c="dimmed" data-testid="permit-monthly-hint">
            {startDay > 28 ? t('form.monthly_clamped', { day: startDay }) : t('form.monthly_hint', { day: startDay })}
          </Text>
        )}
        <Preview values={form.values} timezone={timezone} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending || update.isPending}
            disabled={permit !== null && !form.isDirty()}
            data-testid="permit-save"
          >
            {permit ? t('form.save') : t('form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PermitFormModal({
  state,
  timezone,
  onClose,
}: {
  state: PermitModalState;
  timezone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('visit-permits');
  const permit = state?.mode === 'edit' ? state.permit : null;
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={permit ? t('form.edit_title', { name: permit.name }) : t('form.add_title')}
      size="lg"
      centered
    >
      {state && <PermitForm key={permit?.id ?? 'new'} permit={permit} timezone={timezone} onClose={onClose} />}
    </Modal>
  );
}
