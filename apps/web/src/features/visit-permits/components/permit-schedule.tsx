import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCalendarRepeat, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PermitPeriod, PermitSchedule } from '@app/shared/visit-permits/schemas';
import { datesText, hoursText, recurrenceText } from '../utils/schedule-format';

const PERIOD_COLORS: Record<PermitPeriod, string> = { upcoming: 'blue', current: 'teal', ended: 'gray' };

/** Whether a permit is still to come, under way or over. */
export function PeriodBadge({ period }: { period: PermitPeriod }) {
  const { t } = useTranslation('visit-permits');
  return (
    <Badge variant="light" color={PERIOD_COLORS[period]} data-testid="permit-period" data-period={period}>
      {t(`periods.${period}`)}
    </Badge>
  );
}

/** A permit's days and hours on two short lines: "Weekly on Mon, Wed" and "07:30–18:00". */
export function PermitSchedule({ schedule, withDates }: { schedule: PermitSchedule; withDates?: boolean }) {
  const { t, i18n } = useTranslation('visit-permits');
  return (
    <Stack gap={2} miw={0}>
      <Group gap={6} wrap="nowrap">
        <IconCalendarRepeat size={14} style={{ flex: 'none' }} aria-hidden />
        <Text size="sm" truncate="end" data-testid="permit-recurrence-text">
          {recurrenceText(schedule, t, i18n.language)}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconClock size={14} style={{ flex: 'none' }} aria-hidden />
        <Text size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }} data-testid="permit-hours">
          {hoursText(schedule)}
        </Text>
        {withDates && (
          <Text size="xs" c="dimmed" truncate="end">
            · {datesText(schedule, t)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
