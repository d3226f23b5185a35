import { Anchor, Badge, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '@app/shared/reports/history';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { formatLocalReading } from '@/lib/dates';
import { HISTORY_SORT_COLUMNS } from '../utils/history-query';

const column = gridColumnHelper<HistoryRow>();

const reading = (m: { local: string } | null) => (m ? formatLocalReading(m.local) : '');

const STATE_COLOURS: Record<HistoryRow['state'], string> = {
  expected: 'blue',
  on_site: 'green',
  left: 'gray',
  checked_in: 'teal',
  cancelled: 'red',
};

/** A duration in minutes as hours and minutes. */
export function useDurationText() {
  const { t } = useTranslation('reports');
  return useCallback(
    (minutes: number | null) =>
      minutes === null ? '' : t('history.duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 }),
    [t],
  );
}

/** The History grid's columns, in their default order; the person's name opens the visit's story. */
export function useHistoryColumns(onOpen: (row: HistoryRow) => void): GridColumnDef<HistoryRow>[] {
  const { t } = useTranslation(['reports', 'visits']);
  const duration = useDurationText();
  return useMemo(() => {
    const text = (id: string, value: (r: HistoryRow) => string, extra: { size?: number; hidden?: boolean } = {}) =>
      column.accessor((r) => value(r), {
        id,
        size: extra.size ?? 150,
        meta: { label: t(`history.columns.${id}`), hiddenByDefault: extra.hidden },
        cell: ({ getValue }) => (
          <Text size="sm" truncate="end" dir="auto">
            {getValue()}
          </Text>
        ),
      });
    const moment = (id: 'expected' | 'signed_in' | 'signed_out') =>
      column.accessor((r) => reading(r[id]), {
        id,
        size: 150,
        meta: { label: t(`history.columns.${id}`) },
        cell: ({ getValue }) => (
          <Text size="sm" dir="ltr" ta="start">
            {getValue()}
          </Text>
        ),
      });
    return withServerSorting(
      [
        column.accessor((r) => r.person.full_name, {
          id: 'person',
          size: 200,
          enableHiding: false,
          meta: { label: t('history.columns.person') },
          cell: ({ row }) => (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={500}
              ta="start"
              onClick={() => onOpen(row.original)}
              data-testid="history-open"
            >
              {row.original.person.full_name}
            </Anchor>
          ),
        }),
        text('email', (r) => r.person.email ?? '', { size: 200, hidden: true }),
        text('company', (r) => r.person.company_name ?? '', { hidden: true }),
        text('user_type', (r) => r.user_type?.name ?? ''),
        text('site', (r) => r.site.name),
        text('area', (r) => r.area.name),
        column.accessor('state', {
          id: 'state',
          size: 120,
          meta: { label: t('history.columns.state') },
          cell: ({ row }) => (
            <Badge variant="light" color={STATE_COLOURS[row.original.state]}>
              {t(`visits:states.${row.original.state}`)}
            </Badge>
          ),
        }),
        text('stage', (r) => (r.stage ? t(`visits:stages.${r.stage}`) : ''), { size: 180, hidden: true }),
        moment('expected'),
        moment('signed_in'),
        moment('signed_out'),
        column.accessor('duration_minutes', {
          id: 'duration',
          size: 120,
          meta: { label: t('history.columns.duration'), align: 'end' },
          cell: ({ row }) => <Text size="sm">{duration(row.original.duration_minutes)}</Text>,
        }),
        text('hosts', (r) => r.hosts.map((h) => h.full_name).join(', '), { size: 180 }),
        text('signed_in_by', (r) => (r.sign_in_source ? t(`visits:sources.${r.sign_in_source}`) : '')),
        text('signed_out_by', (r) => (r.sign_out_source ? t(`visits:sources.${r.sign_out_source}`) : ''), {
          hidden: true,
        }),
        text('late_reason', (r) => r.late_reason?.name ?? '', { hidden: true }),
        text('early_reason', (r) => r.early_reason?.name ?? '', { hidden: true }),
        text('temperature', (r) => (r.temperature_c === null ? '' : String(r.temperature_c)), {
          size: 120,
          hidden: true,
        }),
        text('mask', (r) => (r.mask === null ? '' : r.mask ? t('history.yes') : t('history.no')), {
          size: 100,
          hidden: true,
        }),
        text('notes', (r) => r.notes ?? '', { size: 180, hidden: true }),
      ],
      HISTORY_SORT_COLUMNS,
    );
  }, [t, duration, onOpen]);
}
