import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportStatus, ReportExport } from '@app/shared/reports/exports';
import { gridColumnHelper, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { formatDateTime } from '@/lib/dates';

const column = gridColumnHelper<ReportExport>();

export const EXPORT_STATUS_COLOURS: Record<ExportStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
  expired: 'gray',
};

/** A size in bytes as B, KB or MB (one decimal under 10). */
export function formatBytes(bytes: number, t: (key: string, vars: Record<string, string>) => string): string {
  const fixed = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
  if (bytes < 1024) return t('exports.list.bytes', { value: String(bytes) });
  if (bytes < 1024 * 1024) return t('exports.list.kilobytes', { value: fixed(bytes / 1024) });
  return t('exports.list.megabytes', { value: fixed(bytes / 1024 / 1024) });
}

/** The export list's columns, in their default order. */
export function useExportListColumns(): GridColumnDef<ReportExport>[] {
  const { t, i18n } = useTranslation('reports');
  return useMemo(() => {
    const moment = (id: 'created_at' | 'expires_at', hidden = false) =>
      column.accessor((r) => (r[id] ? formatDateTime(r[id]) : ''), {
        id,
        size: 150,
        meta: { label: t(`exports.list.${id}`), hiddenByDefault: hidden },
        cell: ({ getValue }) => (
          <Text size="sm" dir="ltr" ta="start">
            {getValue()}
          </Text>
        ),
      });
    const numbers = new Intl.NumberFormat(i18n.language);
    return [
      moment('created_at'),
      column.accessor((r) => t(`exports.report_names.${r.report}`), {
        id: 'report',
        size: 160,
        enableHiding: false,
        meta: { label: t('exports.list.report') },
        cell: ({ getValue }) => (
          <Text size="sm" fw={500} truncate="end">
            {getValue()}
          </Text>
        ),
      }),
      column.accessor((r) => r.format.toUpperCase(), {
        id: 'format',
        size: 80,
        meta: { label: t('exports.list.format') },
        cell: ({ getValue }) => (
          <Badge variant="outline" color="gray" size="sm">
            {getValue()}
          </Badge>
        ),
      }),
      column.accessor((r) => r.status, {
        id: 'status',
        size: 140,
        meta: { label: t('exports.list.status') },
        cell: ({ row }) => {
          const exp = row.original;
          const running = exp.status === 'running' || exp.status === 'queued';
          return (
            <Stack gap={4} data-testid="export-status" data-status={exp.status}>
              <Group gap={6} wrap="nowrap">
                <Badge variant="light" color={EXPORT_STATUS_COLOURS[exp.status]} size="sm">
                  {t(`exports.statuses.${exp.status}`)}
                </Badge>
                {running && exp.total_rows ? (
                  <Text size="xs" c="dimmed">
                    {numbers.format(exp.progress)}%
                  </Text>
                ) : null}
              </Group>
              {running && (
                <Progress
                  value={exp.total_rows ? exp.progress : 100}
                  striped={!exp.total_rows}
                  animated
                  size="xs"
                  aria-label={t('exports.progress_label')}
                  data-testid="export-progress"
                />
              )}
            </Stack>
          );
        },
      }),
      column.accessor((r) => r.rows, {
        id: 'rows',
        size: 80,
        meta: { label: t('exports.list.rows') },
        cell: ({ row }) => (
          <Text size="sm" data-testid="export-rows">
            {numbers.format(row.original.rows)}
          </Text>
        ),
      }),
      column.accessor((r) => (r.bytes === null ? '' : formatBytes(r.bytes, t)), {
        id: 'size',
        size: 100,
        meta: { label: t('exports.list.size') },
        cell: ({ getValue }) => (
          <Text size="sm" dir="ltr" ta="start">
            {getValue()}
          </Text>
        ),
      }),
      column.accessor((r) => r.requested_by.name, {
        id: 'requested_by',
        size: 170,
        meta: { label: t('exports.list.requested_by') },
        cell: ({ getValue }) => (
          <Text size="sm" truncate="end">
            {getValue()}
          </Text>
        ),
      }),
      moment('expires_at'),
    ];
  }, [t, i18n.language]);
}
