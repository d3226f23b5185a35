import { Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileExport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPORT_LIMITS, type ExportList } from '@app/shared/reports/exports';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import type { GridOptions } from '@/components/data-grid/grid-state';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { getStoredUser } from '@/lib/session';
import { useRealtimeEvent } from '@/lib/socket';
import { exportsRootKey, useExportList } from '../api/exports-api';
import { useExportListColumns } from './export-list-columns';
import { downloadExport } from './export-notice';

const GRID: GridOptions = { defaultSorting: [], filterKeys: [] };

/**
 * The export list (spec §2 /reporting/export-list): past exports newest first with their status, rows,
 * size, who asked and when; running ones move their progress bar live; a finished one downloads by a
 * short-lived link (its requester only).
 */
export function ExportListPage() {
  const { t } = useTranslation('reports');
  const grid = usePreferredGrid('reporting-export-list', useExportListColumns(), GRID);
  const { preference } = grid;
  const list = useExportList(
    {
      page: preference.pageIndex + 1,
      limit: Math.min(preference.state.pageSize, EXPORT_LIMITS.listCount),
      search: preference.search || undefined,
    },
    preference.ready,
  );
  const client = useQueryClient();

  // A running export's progress moves its row in place; its end reads the list again (ExportEvents).
  useRealtimeEvent('reportExportProgress', (event) => {
    if (event.entity_id !== getStoredUser()?.entity_id) return;
    client.setQueriesData<ExportList>({ queryKey: exportsRootKey }, (data) =>
      data
        ? {
            ...data,
            data: data.data.map((row) =>
              row.id === event.id
                ? {
                    ...row,
                    status: event.status,
                    rows: event.rows,
                    total_rows: event.total_rows,
                    progress: event.progress,
                  }
                : row,
            ),
          }
        : data,
    );
  });

  return (
    <Stack gap="lg" data-testid="export-list-page">
      <Stack gap={4}>
        <Title order={2}>{t('exports.list.title')}</Title>
        <Text c="dimmed">{t('exports.list.subtitle', { days: EXPORT_LIMITS.retentionDays })}</Text>
      </Stack>
      <DataGrid
        testId="exports"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(row) => row.id}
        getRowLabel={(row) => t(`exports.report_names.${row.report}`)}
        rowProps={(row) => ({ 'data-export-id': row.id, 'data-status': row.status })}
        searchLabel={t('exports.list.search')}
        countLabel={(count) => t('exports.list.count', { count })}
        loadFailedTitle={t('exports.list.load_failed')}
        empty={{
          icon: IconFileExport,
          title: t('exports.list.empty_title'),
          description: preference.search ? t('common.no_rows') : t('exports.list.empty'),
        }}
        rowActionsWidth={56}
        rowActions={(row) => (
          <GridRowActions>
            <GridRowAction
              label={t('exports.download')}
              icon={<IconDownload size={16} />}
              onClick={() => void downloadExport(row.id)}
              disabledReason={
                !row.mine
                  ? t('exports.list.only_requester')
                  : row.status !== 'done'
                    ? t(
                        `exports.list.not_downloadable.${row.status === 'expired' ? 'expired' : row.status === 'failed' ? 'failed' : 'running'}`,
                      )
                    : null
              }
              testId="export-download"
            />
          </GridRowActions>
        )}
      />
    </Stack>
  );
}
