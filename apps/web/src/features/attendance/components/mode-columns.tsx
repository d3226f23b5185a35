import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttendanceMode } from '@app/shared/attendance/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { GridText } from '@/components/data-grid/grid-text';
import { daysSummary } from '../utils/days';
import { MODE_SORT_COLUMNS } from '../utils/modes-query';
import { formatDate } from '@/lib/dates';

const column = gridColumnHelper<AttendanceMode>();

const MAX_REASON_BADGES = 2;

/** The attendance modes grid's columns, in their default order. */
export function useModeColumns(): GridColumnDef<AttendanceMode>[] {
  const { t, i18n } = useTranslation('attendance');
  return useMemo(() => {
    return withServerSorting(
      [
        column.accessor('name', {
          size: 190,
          enableHiding: false,
          meta: { label: t('table.name') },
          cell: ({ row }) => (
            <Text size="sm" fw={500} truncate="end" data-testid="mode-name">
              {row.original.name}
            </Text>
          ),
        }),
        column.accessor('days', {
          size: 120,
          meta: { label: t('table.days') },
          cell: ({ row }) => <GridText value={daysSummary(row.original.days, i18n.language)} truncate />,
        }),
        column.accessor((mode) => mode.start_time, {
          id: 'hours',
          size: 120,
          meta: { label: t('table.hours') },
          cell: ({ row }) => (
            <Text size="sm" span data-testid="mode-hours">
              {row.original.start_time}–{row.original.end_time}
            </Text>
          ),
        }),
        column.display({
          id: 'allowances',
          size: 180,
          // The reasons panel says them for the chosen mode; the grid keeps room for the reasons.
          meta: { label: t('table.allowances'), hiddenByDefault: true },
          cell: ({ row }) => (
            <Text
              size="sm"
              c={row.original.late_sign_in_minutes || row.original.early_sign_out_minutes ? undefined : 'dimmed'}
            >
              {t('table.allowances_value', {
                late: row.original.late_sign_in_minutes,
                early: row.original.early_sign_out_minutes,
              })}
            </Text>
          ),
        }),
        column.display({
          id: 'reasons',
          size: 260,
          meta: { label: t('table.reasons') },
          cell: ({ row }) => {
            const reasons = row.original.reasons;
            if (reasons.length === 0) return <GridText value={null} fallback={t('table.no_reasons')} />;
            const rest = reasons.slice(MAX_REASON_BADGES);
            return (
              <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }} data-testid="mode-reasons">
                {reasons.slice(0, MAX_REASON_BADGES).map((reason) => (
                  <Badge
                    key={reason.id}
                    size="sm"
                    variant="light"
                    color={reason.type === 'late_sign_in' ? 'blue' : 'orange'}
                    // Long names give way (cut with an ellipsis) so the "+N more" badge always shows.
                    style={{ flex: '0 1 auto', minWidth: 0, textTransform: 'none' }}
                  >
                    {reason.name}
                  </Badge>
                ))}
                {rest.length > 0 && (
                  <Tooltip label={rest.map((r) => r.name).join(', ')} withArrow multiline maw={280}>
                    <Badge size="sm" variant="default" style={{ flex: 'none', textTransform: 'none' }}>
                      {t('table.more', { count: rest.length })}
                    </Badge>
                  </Tooltip>
                )}
              </Group>
            );
          },
        }),
        column.display({
          id: 'sites',
          size: 200,
          meta: { label: t('table.sites'), hiddenByDefault: true },
          cell: ({ row }) => <GridText value={row.original.sites.map((s) => s.name).join(', ')} truncate />,
        }),
        column.display({
          id: 'journeys',
          size: 200,
          meta: { label: t('table.journeys'), hiddenByDefault: true },
          cell: ({ row }) => (
            <GridText
              value={row.original.journeys.map((j) => j.name).join(', ')}
              fallback={t('table.no_journeys')}
              truncate
            />
          ),
        }),
        column.accessor('created_at', {
          size: 140,
          meta: { label: t('table.created'), align: 'end', hiddenByDefault: true },
          cell: ({ row }) => <Text size="sm">{formatDate(row.original.created_at)}</Text>,
        }),
      ],
      MODE_SORT_COLUMNS,
    );
  }, [t, i18n.language]);
}
