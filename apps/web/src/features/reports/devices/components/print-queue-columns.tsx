import { Badge, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintQueueRow, PrintStatus } from '@app/shared/reports/print-queue';
import { gridColumnHelper, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { formatLocalReading } from '@/lib/dates';

const column = gridColumnHelper<PrintQueueRow>();

export const STATUS_COLOURS: Record<PrintStatus, string> = { queued: 'blue', printed: 'green', cancelled: 'gray' };

/** The print queue's columns, in their default order. */
export function usePrintQueueColumns(): GridColumnDef<PrintQueueRow>[] {
  const { t } = useTranslation('reports');
  return useMemo(() => {
    const text = (id: string, value: (r: PrintQueueRow) => string, extra: { size?: number; hidden?: boolean } = {}) =>
      column.accessor((r) => value(r), {
        id,
        size: extra.size ?? 150,
        meta: { label: t(`printer.columns.${id}`), hiddenByDefault: extra.hidden },
        cell: ({ getValue }) => (
          <Text size="sm" truncate="end">
            {getValue()}
          </Text>
        ),
      });
    const moment = (id: 'created_at' | 'printed_at') =>
      column.accessor((r) => (r[id] ? formatLocalReading(r[id].local) : ''), {
        id,
        size: 150,
        meta: { label: t(`printer.columns.${id}`) },
        cell: ({ getValue }) => (
          <Text size="sm" dir="ltr" ta="start">
            {getValue()}
          </Text>
        ),
      });
    return [
      column.accessor((r) => r.person.name, {
        id: 'person',
        size: 200,
        enableHiding: false,
        meta: { label: t('printer.columns.person') },
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} truncate="end">
              {row.original.person.name}
            </Text>
            {row.original.reprint_of && (
              <Badge size="xs" variant="outline" color="gray">
                {t('printer.reprint_tag')}
              </Badge>
            )}
          </Group>
        ),
      }),
      column.accessor((r) => r.status, {
        id: 'status',
        size: 125,
        meta: { label: t('printer.columns.status') },
        cell: ({ row }) => (
          <Badge variant="light" color={STATUS_COLOURS[row.original.status]} data-testid="print-status">
            {t(`printer.status.${row.original.status}`)}
          </Badge>
        ),
      }),
      moment('created_at'),
      moment('printed_at'),
      text('area', (r) => r.area.name, { size: 130 }),
      text('kiosk', (r) => r.kiosk?.name ?? t('printer.desk'), { size: 130 }),
      text('site', (r) => r.site.name, { size: 130 }),
      text('user_type', (r) => r.user_type?.name ?? '', { hidden: true }),
      text('requested_by', (r) => r.requested_by?.name ?? '', { hidden: true }),
    ];
  }, [t]);
}
