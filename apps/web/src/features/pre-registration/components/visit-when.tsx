import { SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendarEvent, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DATE_INPUT_FORMAT, FIRST_DAY_OF_WEEK, parseTypedDate } from '@/lib/dates';
import { TimeField } from '@/components/ui/time-field';
import { companyNow } from '../utils/visit-clock';

type VisitWhenProps = {
  date: string | null;
  time: string;
  onDate: (date: string | null) => void;
  onTime: (time: string) => void;
  dateError?: string;
  timeError?: string;
  timezone: string | null;
};

/** The visit's day and time on the company's clock (spec §5: not before now; §9 DD/MM/YYYY, 24 hours). */
export function VisitWhen({ date, time, onDate, onTime, dateError, timeError, timezone }: VisitWhenProps) {
  const { t } = useTranslation('pre-registration');
  const today = companyNow(timezone).date;
  return (
    <Stack gap={4}>
      <SimpleGrid cols={2} spacing="sm">
        <DateInput
          label={t('visit.date')}
          required
          value={date}
          onChange={(value) => onDate(value)}
          valueFormat={DATE_INPUT_FORMAT}
          dateParser={parseTypedDate}
          placeholder={DATE_INPUT_FORMAT}
          firstDayOfWeek={FIRST_DAY_OF_WEEK}
          // Past days cannot be picked, but a typed one stays as typed and is refused with a message
          // (minDate would keep the previous day without a word).
          excludeDate={(day) => day < today}
          leftSection={<IconCalendarEvent size={16} />}
          error={dateError}
          popoverProps={{ withinPortal: true }}
          data-testid="pre-registration-date"
        />
        <TimeField
          label={t('visit.time')}
          required
          value={time}
          onChange={onTime}
          format="24h"
          withDropdown
          dir="ltr"
          leftSection={<IconClock size={16} />}
          error={timeError}
          hoursInputProps={{ 'data-testid': 'pre-registration-time-hours' }}
          minutesInputProps={{ 'data-testid': 'pre-registration-time-minutes' }}
          data-testid="pre-registration-time"
        />
      </SimpleGrid>
      {timezone && (
        <Text size="xs" c="dimmed" data-testid="pre-registration-timezone">
          {t('visit.timezone', { timezone })}
        </Text>
      )}
    </Stack>
  );
}
