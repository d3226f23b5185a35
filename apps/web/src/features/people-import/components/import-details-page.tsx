import { Alert, Button, EmptyState, Group, List, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconListSearch, IconPlayerPlay, IconTable } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ImportRow, ImportTask } from '@app/shared/people/import';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { GridText } from '@/components/data-grid/grid-text';
import { BackLink } from '@/components/ui/back-link';
import { hrefFor, paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useUrlFilters } from '@/lib/url-filters';
import { useImportTask } from '../api/get-import-task';
import { useImportRows } from '../api/list-import-rows';
import { useRunImport } from '../api/run-import';
import { useImportProgress } from '../hooks/use-import-progress';
import { importTaskActions } from '../utils/import-step';
import { rowName } from '../utils/row-view';
import { ImportRunStatus } from './import-status';
import { ImportRowTabs } from './import-row-tabs';
import { ImportSummary } from './import-summary';

/** What the run did with each row: created or updated a person, skipped the row (and why), or it was dropped before. */
export const DETAIL_FILTERS = ['created', 'updated', 'skipped', 'dropped'] as const;
type DetailFilter = (typeof DETAIL_FILTERS)[number];
const LIMIT = 25;

const detailsFiltersSchema = z.object({
  filter: z.enum(DETAIL_FILTERS).default('created'),
  page: z.coerce.number().int().min(1).default(1),
});

const countOf = (task: ImportTask, filter: DetailFilter) =>
  ({
    created: task.created_rows,
    updated: task.updated_rows,
    skipped: task.skipped_rows,
    dropped: task.dropped_rows,
  })[filter];

/** A row's outcome in words: the person written, or why the row was not imported. */
function RowOutcome({ row }: { row: ImportRow }) {
  const { t } = useTranslation('people-import');
  const problems = Object.values(row.errors).flat();
  if (row.status === 'created' || row.status === 'updated')
    return (
      <Text size="sm" data-testid="import-detail-person">
        {t(`details.outcome.${row.status}`)} {row.person ? <bdi>{row.person.name}</bdi> : null}
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} data-testid="import-detail-reason">
        {row.status === 'skipped' ? (row.reason ?? t('details.outcome.skipped')) : t('details.outcome.dropped')}
      </Text>
      {problems.length > 0 && (
        <List size="sm" spacing={2} c="red.9" data-testid="import-detail-problems">
          {problems.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * An import's details (spec §2 /users/import/details/:id): its summary, and its rows by what the run
 * did with them: the people created and updated, the rows skipped with the reason, those dropped in
 * the grid.
 */
export function ImportDetailsPage() {
  const { t } = useTranslation('people-import');
  const { id = '' } = useParams({ strict: false });
  const [{ filter, page }, setFilters] = useUrlFilters(detailsFiltersSchema);
  const task = useImportTask(id);
  const rows = useImportRows(id, { filter, page, limit: LIMIT });
  const run = useRunImport();
  useImportProgress();
  const current = task.data;
  const data = rows.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / LIMIT)) : 1;
  const actions = current ? importTaskActions(current) : null;
  const notRun = current?.status === 'validated' || current?.status === 'uploaded';

  return (
    <Stack gap="lg" data-testid="import-details-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <BackLink to={paths.usersImportQueue}>{t('details.back')}</BackLink>
          <Title order={2}>{t('details.title')}</Title>
          {current && (
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={600} data-testid="import-file-name">
                <bdi dir="auto">{current.file_name}</bdi>
              </Text>
              <ImportRunStatus task={current} />
            </Group>
          )}
          {current && (
            <Text size="sm" c="dimmed" data-testid="import-details-when">
              {t('details.uploaded', {
                name: current.requested_by.name ?? t('queue.by_api'),
                date: `\u2066${formatDateTime(current.created_at)}\u2069`,
              })}
              {current.finished_at &&
                ` · ${t('details.finished', { date: `\u2066${formatDateTime(current.finished_at)}\u2069` })}`}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          {actions?.grid && current && (
            <Button
              variant="default"
              leftSection={<IconTable size={16} />}
              onClick={() => navigateTo(hrefFor(paths.usersImportGrid, {}, { task: current.id }))}
              data-testid="import-details-grid"
            >
              {t('queue.actions.grid')}
            </Button>
          )}
          {actions?.resume && current && (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={run.isPending}
              onClick={() =>
                run.mutate(current.id, {
                  onSuccess: () => notifySuccess(t('toasts.run_started', { file: current.file_name })),
                })
              }
              data-testid="import-details-resume"
            >
              {t('queue.actions.resume')}
            </Button>
          )}
        </Group>
      </Group>

      {task.isError && !current && <LoadFailedAlert title={t('load_failed')} onRetry={() => void task.refetch()} />}
      {!current && !task.isError && <Skeleton h={90} radius="md" />}
      {current && <ImportSummary task={current} after={!notRun} />}
      {notRun && (
        <Alert variant="light" data-testid="import-details-not-run">
          {t('details.not_run')}
        </Alert>
      )}

      <ImportRowTabs
        section="details"
        filters={DETAIL_FILTERS}
        filter={filter}
        onFilter={(next) => setFilters({ filter: next, page: 1 })}
        task={current}
        countOf={countOf}
        rows={rows}
        state={!data ? 'loading' : data.data.length === 0 ? 'empty' : 'ready'}
        empty={
          <EmptyState
            icon={<IconListSearch size={28} />}
            title={t(`details.empty.${filter}`)}
            description={notRun ? t('details.not_run') : t('details.empty.body')}
            py="xl"
            data-testid="import-details-empty"
          />
        }
        footer={
          pages > 1 && (
            <Group justify="center">
              <Pagination
                value={page}
                onChange={(next) => setFilters({ page: next })}
                total={pages}
                data-testid="import-details-pagination"
              />
            </Group>
          )
        }
        testId={(value) => `import-details-tab-${value}`}
      >
        {data && (
          <Table.ScrollContainer minWidth={720}>
            <Table
              verticalSpacing="sm"
              highlightOnHover
              style={{ opacity: rows.isPlaceholderData ? 0.6 : 1 }}
              data-testid="import-details-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={64}>{t('grid.columns.row')}</Table.Th>
                  <Table.Th>{t('details.columns.name')}</Table.Th>
                  <Table.Th>{t('details.columns.email')}</Table.Th>
                  <Table.Th>{t('details.columns.outcome')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((row) => (
                  <Table.Tr
                    key={row.id}
                    data-testid="import-detail-row"
                    data-row={row.row_number}
                    data-status={row.status}
                  >
                    <Table.Td>{row.row_number}</Table.Td>
                    <Table.Td>
                      <GridText value={rowName(row)} />
                    </Table.Td>
                    <Table.Td>
                      <GridText value={row.cells.email} ltr />
                    </Table.Td>
                    <Table.Td>
                      <RowOutcome row={row} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ImportRowTabs>
    </Stack>
  );
}
