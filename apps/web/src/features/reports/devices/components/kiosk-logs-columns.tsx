import { Badge, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskEventKind, KioskLogRow } from '@app/shared/reports/kiosk-logs';
import { gridColumnHelper, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { formatLocalReading } from '@/lib/dates';
import { useKioskEventText } from './kiosk-event-text';

const column = gridColumnHelper<KioskLogRow>();

const KIND_COLOURS: Record<KioskEventKind, string> = {
  added: 'teal',
  renamed: 'gray',
  settings_changed: 'violet',
  moved: 'indigo',
  app_version_changed: 'cyan',
  came_online: 'green',
  went_offline: 'orange',
  signed_in: 'blue',
  signed_out: 'blue',
  deregistered: 'red',
  remote_action: 'grape',
  replayed: 'blue',
  needs_review: 'yellow',
  log: 'gray',
};

/** The kiosk logs' columns, in their default order. */
export function useKioskLogsColumns(): GridColumnDef<KioskLogRow>[] {
  const { t } = useTranslation('reports');
  const detailText = useKioskEventText();
  return useMemo(() => {
    const text = (id: string, value: (r: KioskLogRow) => string, extra: { size?: number; hidden?: boolean } = {}) =>
      column.accessor((r) => value(r), {
        id,
        size: extra.size ?? 150,
        meta: { label: t(`kiosk_logs.columns.${id}`), hiddenByDefault: extra.hidden },
        cell: ({ getValue }) => (
          <Text size="sm" truncate="end">
            {getValue()}
          </Text>
        ),
      });
    return [
      column.accessor((r) => formatLocalReading(r.at.local), {
        id: 'at',
        size: 150,
        enableHiding: false,
        meta: { label: t('kiosk_logs.columns.at') },
        cell: ({ getValue }) => (
          <Text size="sm" dir="ltr" ta="start">
            {getValue()}
          </Text>
        ),
      }),
      column.accessor((r) => r.kiosk.name, {
        id: 'kiosk',
        size: 170,
        meta: { label: t('kiosk_logs.columns.kiosk') },
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} truncate="end">
              {row.original.kiosk.name}
            </Text>
            {!row.original.kiosk_registered && (
              <Badge size="xs" variant="outline" color="gray">
                {t('kiosk_logs.removed')}
              </Badge>
            )}
          </Group>
        ),
      }),
      column.accessor((r) => r.kind, {
        id: 'kind',
        size: 150,
        meta: { label: t('kiosk_logs.columns.kind') },
        cell: ({ row }) => (
          <Badge variant="light" color={KIND_COLOURS[row.original.kind]} data-testid="kiosk-log-kind">
            {t(`kiosk_logs.kinds.${row.original.kind}`)}
          </Badge>
        ),
      }),
      text('person', (r) => r.person?.name ?? '', { size: 160, hidden: true }),
      column.accessor((r) => detailText(r), {
        id: 'detail',
        size: 320,
        meta: { label: t('kiosk_logs.columns.detail') },
        cell: ({ row }) => {
          const words = detailText(row.original);
          return (
            <Text size="sm" title={words} lineClamp={2}>
              {words}
            </Text>
          );
        },
      }),
      text('area', (r) => r.area?.name ?? '', { size: 130 }),
      text('site', (r) => r.site?.name ?? '', { size: 130 }),
    ];
  }, [t, detailText]);
}
