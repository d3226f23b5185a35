import { Button, Code, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditLogRow } from '@app/shared/reports/audit-log';
import { gridColumnHelper, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { formatLocalReading } from '@/lib/dates';

const column = gridColumnHelper<AuditLogRow>();

/** Who made a change: the member's name, else what kind of actor it was. */
export function useActorName() {
  const { t } = useTranslation('reports');
  return (row: AuditLogRow) => row.actor.name ?? t(`audit_log.actor_kinds.${row.actor.kind}`);
}

/** The audit log's columns, in their default order; `onShow` opens a change's values. */
export function useAuditLogColumns(onShow: (row: AuditLogRow) => void): GridColumnDef<AuditLogRow>[] {
  const { t } = useTranslation('reports');
  const actorName = useActorName();
  return useMemo(() => {
    const code = (id: 'action' | 'target_type' | 'target_id', size: number, hidden = false) =>
      column.accessor((r) => r[id] ?? '', {
        id,
        size,
        meta: { label: t(`audit_log.columns.${id}`), hiddenByDefault: hidden },
        cell: ({ getValue }) => (
          <Code dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {getValue()}
          </Code>
        ),
      });
    return [
      column.accessor((r) => formatLocalReading(r.at.local), {
        id: 'at',
        size: 150,
        enableHiding: false,
        meta: { label: t('audit_log.columns.at') },
        cell: ({ getValue }) => (
          <Text size="sm" dir="ltr" ta="start">
            {getValue()}
          </Text>
        ),
      }),
      column.accessor((r) => actorName(r), {
        id: 'actor',
        size: 170,
        meta: { label: t('audit_log.columns.actor') },
        cell: ({ getValue }) => (
          <Text size="sm" fw={500} truncate="end">
            {getValue()}
          </Text>
        ),
      }),
      code('action', 200),
      code('target_type', 140),
      code('target_id', 290, true),
      column.display({
        id: 'change',
        size: 160,
        enableHiding: false,
        meta: { label: t('audit_log.detail.title') },
        cell: ({ row }) => (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconArrowsDiff size={14} />}
            onClick={() => onShow(row.original)}
            data-testid="audit-log-show"
          >
            {t('audit_log.detail.show')}
          </Button>
        ),
      }),
    ];
  }, [t, actorName, onShow]);
}
