import { Button, Group, MultiSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendarEvent, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENT_LIMITS,
  type AnnouncementBody,
  type AnnouncementTargets,
} from '@app/shared/announcements/schemas';
import { ApiError } from '@/lib/api-client';
import { DATE_INPUT_FORMAT, FIRST_DAY_OF_WEEK, parseTypedDate } from '@/lib/dates';
import { TimeField } from '@/components/ui/time-field';
import {
  formFieldOf,
  formatReading,
  toAnnouncementBody,
  validateAnnouncement,
  type AnnouncementFormValues,
} from '../utils/announcement-form';
import { RichTextField } from './rich-text-field';

type AnnouncementFormProps = {
  initial: AnnouncementFormValues;
  /** Editing: a time kept as it was may lie in the past. */
  editing: boolean;
  /** The company's clock: its zone and its reading when the form opened. */
  clock: { timezone: string; now: string };
  userTypes: AnnouncementTargets['data'];
  pending: boolean;
  submitLabel: string;
  onSubmit: (body: AnnouncementBody) => Promise<unknown>;
  onCancel: () => void;
};

/** One form for adding and changing an announcement, checked by the server's own rules. */
export function AnnouncementForm(props: AnnouncementFormProps) {
  const { initial, editing, clock, userTypes, pending } = props;
  const { t } = useTranslation('announcements');
  const form = useForm<AnnouncementFormValues>({
    initialValues: initial,
    // A date and its time make one moment: changing either clears the message about it.
    onValuesChange: (values, previous) => {
      if (values.publish_time !== previous.publish_time) form.clearFieldError('publish_date');
      if (values.expires_time !== previous.expires_time) form.clearFieldError('expires_date');
    },
    validate: (values) =>
      validateAnnouncement(
        values,
        { timeZone: clock.timezone, now: new Date(), initial: editing ? initial : undefined },
        t,
      ),
  });

  const submit = form.onSubmit((values) => {
    props.onSubmit(toAnnouncementBody(values)).catch((error: unknown) => {
      // The message was already shown as a toast (spec §8); it also goes on the field it is about.
      if (!(error instanceof ApiError)) return;
      const fields = Object.fromEntries(
        Object.entries(error.fields).map(([name, messages]) => [formFieldOf(name), messages.join(' ')]),
      );
      if (Object.keys(fields).length > 0) form.setErrors(fields);
    });
  });

  const today = clock.now.slice(0, 10);
  const dateProps = {
    valueFormat: DATE_INPUT_FORMAT,
    dateParser: parseTypedDate,
    placeholder: DATE_INPUT_FORMAT,
    firstDayOfWeek: FIRST_DAY_OF_WEEK,
    leftSection: <IconCalendarEvent size={16} />,
    minDate: editing ? undefined : today,
  } as const;
  const timeProps = (testId: string) =>
    ({
      format: '24h',
      withDropdown: true,
      leftSection: <IconClock size={16} />,
      dir: 'ltr',
      hoursInputProps: { 'data-testid': `${testId}-hours` },
      minutesInputProps: { 'data-testid': `${testId}-minutes` },
      'data-testid': testId,
    }) as const;

  return (
    <form onSubmit={submit} noValidate data-testid="announcement-form">
      <Stack gap="md">
        <RichTextField
          label={t('form.text')}
          required
          value={form.values.text}
          onChange={(html) => form.setFieldValue('text', html)}
          error={form.errors.text}
          testId="announcement-text"
        />
        <TextInput
          label={t('form.url')}
          description={t('form.url_hint')}
          placeholder={t('form.url_placeholder')}
          maxLength={ANNOUNCEMENT_LIMITS.urlMax}
          dir="ltr"
          data-testid="announcement-url"
          {...form.getInputProps('url')}
        />
        <MultiSelect
          label={t('form.user_types')}
          description={t('form.user_types_hint')}
          placeholder={form.values.user_type_ids.length ? undefined : t('form.user_types_placeholder')}
          data={userTypes.map((type) => ({ value: type.id, label: type.name }))}
          searchable
          clearable
          hidePickedOptions
          maxValues={ANNOUNCEMENT_LIMITS.userTypesMax}
          comboboxProps={{ withinPortal: true }}
          data-testid="announcement-user-types"
          {...form.getInputProps('user_type_ids')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {(['urgent', 'pinned', 'verbal'] as const).map((flag) => (
            <Switch
              key={flag}
              label={t(`flags.${flag}`)}
              description={t(`form.${flag}_hint`)}
              data-testid={`announcement-${flag}`}
              {...form.getInputProps(flag, { type: 'checkbox' })}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('form.publish')}
            </Text>
            <Group gap="xs" grow align="flex-start" wrap="nowrap">
              <DateInput
                aria-label={`${t('form.publish')} — ${t('form.date')}`}
                required
                data-testid="announcement-publish-date"
                {...dateProps}
                {...form.getInputProps('publish_date')}
              />
              <TimeField
                aria-label={`${t('form.publish')} — ${t('form.time')}`}
                required
                {...timeProps('announcement-publish-time')}
                {...form.getInputProps('publish_time')}
              />
            </Group>
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('form.expires')}
            </Text>
            <Group gap="xs" grow align="flex-start" wrap="nowrap">
              <DateInput
                aria-label={`${t('form.expires')} — ${t('form.date')}`}
                required
                data-testid="announcement-expires-date"
                {...dateProps}
                {...form.getInputProps('expires_date')}
              />
              <TimeField
                aria-label={`${t('form.expires')} — ${t('form.time')}`}
                required
                {...timeProps('announcement-expires-time')}
                {...form.getInputProps('expires_time')}
              />
            </Group>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" data-testid="announcement-clock">
          {t('form.clock_hint', { timezone: clock.timezone, now: `\u2066${formatReading(clock.now)}\u2069` })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel} data-testid="announcement-cancel">
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="announcement-save">
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
