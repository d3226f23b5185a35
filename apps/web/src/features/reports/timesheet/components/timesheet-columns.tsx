import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencilCheck } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinutes, type TimesheetDay } from '@app/shared/reports/timesheet';
import { gridColumnHelper, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { formatDateTime, formatIsoDay, formatLocalReading, timeOfReading } from '@/lib/dates';
import { useNow } from '@/lib/use-now';
import { isOngoing, minutesGained, type TimesheetRow } from '../utils/timesheet-query';

const column = gridColumnHelper<TimesheetRow>();

type Moment = { local: string } | null;

/** A time of the day's row: the time alone on its own day, with the date when it is another day. */
const readingOn = (day: string, m: Moment) =>
  !m ? '' : m.local.startsWith(day) ? timeOfReading(m.local) : formatLocalReading(m.local);

const hours = (minutes: number | null) => (minutes === null ? '—' : formatMinutes(minutes));

/** A figure of the grid: numbers and times read left to right in every language. */
function Figure({ children, strong, color }: { children: ReactNode; strong?: boolean; color?: string }) {
  return (
    <Text
      size="sm"
      dir="ltr"
      ta="end"
      fw={strong ? 700 : undefined}
      c={color}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {children}
    </Text>
  );
}

/** The "Corrected" mark of a day, with who corrected it, when, why, and the figures before. */
function CorrectedBadge({ day }: { day: TimesheetDay }) {
  const { t } = useTranslation('reports');
  const c = day.correction;
  if (!c) return null;
  const label = (
    <Stack gap={2}>
      <Text size="xs" fw={600}>
        {t('timesheet.corrected_by', {
          name: c.corrected_by?.full_name ?? t('timesheet.someone'),
          when: formatDateTime(c.corrected_at),
        })}
      </Text>
      <Text size="xs">{t('timesheet.corrected_reason', { reason: c.reason })}</Text>
      <Text size="xs" dir="auto">
        {t('timesheet.corrected_original', {
          first_in: day.original.first_in ? readingOn(day.day, day.original.first_in) : '—',
          last_out: day.original.last_out ? readingOn(day.day, day.original.last_out) : '—',
          hours: formatMinutes(day.original.minutes),
        })}
      </Text>
    </Stack>
  );
  return (
    <Tooltip label={label} multiline maw={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        variant="light"
        color="grape"
        tt="none"
        leftSection={<IconPencilCheck size={12} />}
        component="button"
        type="button"
        style={{ cursor: 'help', border: 0 }}
        aria-label={`${t('timesheet.corrected')}: ${c.reason}`}
        data-testid="timesheet-corrected"
      >
        {t('timesheet.corrected')}
      </Badge>
    </Tooltip>
  );
}

type FigureFormat = 'hours' | 'signed' | 'count';

function FigureText({ row, value, format }: { row: TimesheetRow; value: number | null; format: FigureFormat }) {
  const signed = format === 'signed';
  const color = signed && value !== null && value !== 0 ? (value < 0 ? 'red.7' : 'green.8') : undefined;
  const text =
    value === null
      ? '—'
      : format === 'count'
        ? String(value)
        : signed && value > 0
          ? `+${formatMinutes(value)}`
          : hours(value);
  return (
    <Figure strong={row.kind === 'total'} color={color}>
      {text}
    </Figure>
  );
}

/**
 * A time figure of a day still on site (or a total with one): counted on to now between reads, and
 * marked as still running, so a person who just signed in never reads as a finished "0:00".
 */
function RunningFigure({ row, value, format }: { row: TimesheetRow; value: number; format: FigureFormat }) {
  const { t } = useTranslation('reports');
  const now = useNow(15_000);
  const current = value + minutesGained(row, new Date(now));
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" data-testid="timesheet-ongoing">
      <FigureText row={row} value={current} format={format} />
      <Tooltip label={t('timesheet.ongoing_hint')} withArrow events={{ hover: true, focus: true, touch: true }}>
        <Text size="xs" c="green.8" fw={600} tabIndex={0} aria-label={t('timesheet.ongoing_hint')}>
          {t('timesheet.ongoing')}
        </Text>
      </Tooltip>
    </Group>
  );
}

const reasonsText = (list: TimesheetDay['late_reasons']) =>
  list.map((r) => (r.attendance_code ? `${r.name} (${r.attendance_code})` : r.name)).join(', ');

/** The Timesheet grid's columns, in their default order (their ids are the export's column names). */
export function useTimesheetColumns(): GridColumnDef<TimesheetRow>[] {
  const { t } = useTranslation('reports');
  return useMemo(() => {
    const label = (id: string) => ({ label: t(`timesheet.columns.${id}`) });
    const figure = (
      id: string,
      dayValue: (d: TimesheetDay) => number | null,
      totalValue: ((r: Extract<TimesheetRow, { kind: 'total' }>) => number | null) | null,
      format: 'hours' | 'signed' | 'count' = 'hours',
      running = false,
    ) =>
      column.display({
        id,
        size: running ? 130 : 110,
        meta: { ...label(id), align: 'end' },
        cell: ({ row }) => {
          const r = row.original;
          const value = r.kind === 'day' ? dayValue(r.day) : totalValue ? totalValue(r) : null;
          if (r.kind === 'total' && !totalValue) return null;
          if (running && value !== null && isOngoing(r)) return <RunningFigure row={r} value={value} format={format} />;
          return <FigureText row={r} value={value} format={format} />;
        },
      });
    const text = (id: string, value: (d: TimesheetDay) => string, size = 160) =>
      column.display({
        id,
        size,
        meta: label(id),
        cell: ({ row }) =>
          row.original.kind === 'day' ? (
            <Text size="sm" truncate="end">
              {value(row.original.day) || '—'}
            </Text>
          ) : null,
      });
    return [
      column.display({
        id: 'person',
        size: 190,
        enableHiding: false,
        meta: label('person'),
        cell: ({ row }) => (
          <Text size="sm" fw={row.original.kind === 'total' ? 700 : 500} truncate="end">
            {row.original.kind === 'total'
              ? t('timesheet.total_of', { name: row.original.person.full_name })
              : row.original.person.full_name}
          </Text>
        ),
      }),
      column.display({
        id: 'day',
        size: 120,
        enableHiding: false,
        meta: label('day'),
        cell: ({ row }) => {
          const r = row.original;
          return r.kind === 'day' ? (
            <Text size="sm" dir="ltr" ta="start">
              {formatIsoDay(r.day.day)}
            </Text>
          ) : (
            <Text size="sm" fw={700}>
              {t('timesheet.days_count', { count: r.totals.days })}
            </Text>
          );
        },
      }),
      column.display({
        id: 'first_in',
        size: 130,
        meta: label('first_in'),
        cell: ({ row }) =>
          row.original.kind === 'day' ? (
            <Text size="sm" dir="ltr" ta="start">
              {readingOn(row.original.day.day, row.original.day.first_in) || '—'}
            </Text>
          ) : null,
      }),
      column.display({
        id: 'last_out',
        size: 130,
        meta: label('last_out'),
        cell: ({ row }) => {
          const r = row.original;
          if (r.kind !== 'day') return null;
          if (r.day.on_site)
            return (
              <Badge variant="light" color="green" tt="none" data-testid="timesheet-on-site">
                {t('timesheet.on_site')}
              </Badge>
            );
          return (
            <Text size="sm" dir="ltr" ta="start">
              {readingOn(r.day.day, r.day.last_out) || '—'}
            </Text>
          );
        },
      }),
      figure(
        'minutes',
        (d) => d.minutes,
        (r) => r.totals.minutes,
        'hours',
        true,
      ),
      figure(
        'visits',
        (d) => d.visits,
        (r) => r.totals.visits,
        'count',
      ),
      text('late_reasons', (d) => reasonsText(d.late_reasons)),
      text('early_reasons', (d) => reasonsText(d.early_reasons)),
      text('attendance_mode', (d) => d.attendance_mode?.name ?? ''),
      figure(
        'expected_minutes',
        (d) => d.expected_minutes,
        (r) => r.totals.expected_minutes,
      ),
      figure(
        'difference_minutes',
        (d) => d.difference_minutes,
        (r) => r.totals.difference_minutes,
        'signed',
        true,
      ),
      column.display({
        id: 'corrected',
        size: 150,
        meta: label('corrected'),
        cell: ({ row }) => {
          const r = row.original;
          if (r.kind === 'day') return <CorrectedBadge day={r.day} />;
          return r.totals.corrected > 0 ? (
            <Text size="sm" fw={700}>
              {t('timesheet.corrected_count', { count: r.totals.corrected })}
            </Text>
          ) : null;
        },
      }),
    ];
  }, [t]);
}
