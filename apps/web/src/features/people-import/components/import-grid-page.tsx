import {
  Alert,
  Button,
  EmptyState,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconInfoCircle, IconTableOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ImportRow, ImportTask } from '@app/shared/people/import';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useUrlFilters } from '@/lib/url-filters';
import { useDropImportRow } from '../api/drop-import-row';
import { useImportTask } from '../api/get-import-task';
import { useImportRows } from '../api/list-import-rows';
import { useImportProgress } from '../hooks/use-import-progress';
import { useTaskParam } from '../hooks/use-task-param';
import { importStepOf } from '../utils/import-step';
import { rowName } from '../utils/row-view';
import { BackTo } from './back-to';
import { ImportRowsTable } from './import-rows-table';
import { ImportRunStatus } from './import-status';
import { ImportRowTabs } from './import-row-tabs';
import { ImportSummary } from './import-summary';
import { RowEditModal } from './row-edit-modal';
import { RunImportButton } from './run-import-button';

/** The grid's tabs: every row, those still to import with and without problems, and those dropped. */
export const GRID_FILTERS = ['all', 'errors', 'valid', 'dropped'] as const;
const PAGE_SIZES = ['25', '50', '100'] as const;

/** The grid's view in its address, beside `?task=`: a reload or a change of language keeps it. */
const gridFiltersSchema = z.object({
  filter: z.enum(GRID_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.enum(PAGE_SIZES).default('25'),
});

const countOf = (task: ImportTask, filter: (typeof GRID_FILTERS)[number]) =>
  ({ all: task.total_rows, errors: task.error_rows, valid: task.valid_rows, dropped: task.dropped_rows })[filter];

/**
 * The import grid (spec §2 /users/import/grid?task=): every row of the sheet, a page at a time, with
 * its problems marked cell by cell; a row is corrected in its editor or dropped; "Run import" runs the
 * rows ready and goes to the queue.
 */
export function ImportGridPage() {
  const { t } = useTranslation('people-import');
  // Without a task there is nothing to review: the import's first step.
  const taskId = useTaskParam({ whenNone: paths.usersImport });
  const [filters, setFilters] = useUrlFilters(gridFiltersSchema);
  const { filter, page } = filters;
  const limit = Number(filters.limit);
  const task = useImportTask(taskId);
  const rows = useImportRows(taskId, { filter, page, limit });
  const drop = useDropImportRow();
  const [editing, setEditing] = useState<{ row: ImportRow; column?: string } | null>(null);
  useImportProgress();

  const current = task.data;
  const editable = importStepOf(current) === 'grid';
  const data = rows.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / limit)) : 1;

  // A dropped or fixed row can leave the last page empty: step back to one that has rows.
  useEffect(() => {
    if (data && page > pages) setFilters({ page: pages });
  }, [data, page, pages, setFilters]);

  const confirmDrop = (row: ImportRow) => {
    const name = rowName(row);
    modals.openConfirmModal({
      title: t('drop.title', { row: row.row_number }),
      children: <Text size="sm">{name ? t('drop.body_named', { name }) : t('drop.body')}</Text>,
      labels: { confirm: t('drop.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'import-drop-confirm' },
      onConfirm: () =>
        drop.mutate(
          { taskId: current!.id, rowId: row.id },
          { onSuccess: () => notifySuccess(t('toasts.dropped', { row: row.row_number })) },
        ),
    });
  };

  return (
    <Stack gap="lg" data-testid="import-grid-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <BackTo href={taskId ? hrefFor(paths.usersImport, {}, { task: taskId }) : paths.usersImport}>
            {t('grid.back')}
          </BackTo>
          <Title order={2}>{t('grid.title')}</Title>
          <Text c="dimmed">{t('grid.description')}</Text>
          {current && (
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={600} data-testid="import-file-name">
                <bdi dir="auto">{current.file_name}</bdi>
              </Text>
              <ImportRunStatus task={current} />
            </Group>
          )}
        </Stack>
        {current && editable && <RunImportButton task={current} />}
      </Group>

      {task.isError && <LoadFailedAlert title={t('load_failed')} onRetry={() => void task.refetch()} />}
      {!current && !task.isError && <Skeleton h={90} radius="md" />}
      {current && !editable && (
        <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="import-grid-locked">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('grid.locked')}</Text>
            <Button
              variant="light"
              size="compact-sm"
              onClick={() => navigateTo(hrefFor(paths.usersImportDetails, { id: current.id }))}
            >
              {t('details.open')}
            </Button>
          </Stack>
        </Alert>
      )}
      {current && <ImportSummary task={current} />}

      <ImportRowTabs
        section="grid"
        filters={GRID_FILTERS}
        filter={filter}
        onFilter={(next) => setFilters({ filter: next, page: 1 })}
        task={current}
        countOf={countOf}
        alarming={(task, value) => value === 'errors' && task.error_rows > 0}
        rows={rows}
        state={!data || !current ? 'loading' : data.data.length === 0 ? 'empty' : 'ready'}
        empty={
          <EmptyState
            icon={<IconTableOff size={28} />}
            title={t(`grid.empty.${filter}`)}
            description={t('grid.empty.body')}
            py="xl"
            data-testid="import-grid-empty"
          />
        }
        footer={
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <NativeSelect
                size="xs"
                w={80}
                aria-label={t('grid.page_size')}
                data={[...PAGE_SIZES]}
                value={filters.limit}
                onChange={(event) => {
                  const next = PAGE_SIZES.find((size) => size === event.currentTarget.value);
                  if (next) setFilters({ limit: next, page: 1 });
                }}
                data-testid="import-grid-page-size"
              />
              <Text size="sm" c="dimmed">
                {t('grid.page_size')}
              </Text>
              {data && data.count > 0 && (
                <Text size="sm" c="dimmed" data-testid="import-grid-range">
                  {t('grid.range', {
                    from: (page - 1) * limit + 1,
                    to: Math.min(data.count, page * limit),
                    count: data.count,
                  })}
                </Text>
              )}
            </Group>
            {pages > 1 && (
              <Pagination
                value={page}
                onChange={(next) => setFilters({ page: next })}
                total={pages}
                data-testid="import-grid-pagination"
              />
            )}
          </Group>
        }
        testId={(value) => `import-tab-${value}`}
      >
        {current && data && (
          <div style={{ opacity: rows.isPlaceholderData ? 0.6 : 1 }} aria-busy={rows.isPlaceholderData || undefined}>
            <ImportRowsTable
              task={current}
              rows={data.data}
              editable={editable}
              onEdit={(row, column) => setEditing({ row, column })}
              onDrop={confirmDrop}
            />
          </div>
        )}
      </ImportRowTabs>

      {editing && current && (
        <RowEditModal task={current} row={editing.row} column={editing.column} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
