import {
  Anchor,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileImport, IconListDetails, IconPlayerPlay, IconTable, IconTrash, IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { IMPORT_LIMITS, type ImportTask } from '@app/shared/people/import';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { GridText } from '@/components/data-grid/grid-text';
import { GridRowAction, GridRowActions, GridRowNameContext } from '@/components/data-grid/grid-row-action';
import { BackLink } from '@/components/ui/back-link';
import { hrefFor, paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useUrlFilters } from '@/lib/url-filters';
import { useDeleteImport } from '../api/delete-import';
import { useImportTasks } from '../api/list-import-tasks';
import { useRunImport } from '../api/run-import';
import { useImportProgress } from '../hooks/use-import-progress';
import { importTaskActions } from '../utils/import-step';
import { ImportRunStatus } from './import-status';

const LIMIT = 10;

const queueFiltersSchema = z.object({ page: z.coerce.number().int().min(1).default(1) });

/**
 * The import queue (spec §2 /users/import/queue; §3 "Import task"): the company's imports newest first
 * with who uploaded them and when, where each stands (a running one's bar moves live) and what it did;
 * from here a task opens in the grid (before its run) or its details, a failed run resumes, and a task
 * not running is deleted.
 */
export function ImportQueuePage() {
  const { t } = useTranslation('people-import');
  const [{ page }, setFilters] = useUrlFilters(queueFiltersSchema);
  const list = useImportTasks({ page, limit: LIMIT });
  const run = useRunImport();
  const remove = useDeleteImport();
  useImportProgress();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / LIMIT)) : 1;

  const resume = (task: ImportTask) =>
    run.mutate(task.id, { onSuccess: () => notifySuccess(t('toasts.run_started', { file: task.file_name })) });

  const confirmDelete = (task: ImportTask) =>
    modals.openConfirmModal({
      title: t('queue.delete.title', { file: task.file_name }),
      children: <Text size="sm">{t('queue.delete.body')}</Text>,
      labels: { confirm: t('queue.delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'import-delete-confirm' },
      onConfirm: () =>
        remove.mutate(task.id, { onSuccess: () => notifySuccess(t('toasts.deleted', { file: task.file_name })) }),
    });

  return (
    <Stack gap="lg" data-testid="import-queue-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <BackLink to={paths.users}>{t('back_to_users')}</BackLink>
          <Title order={2}>{t('queue.title')}</Title>
          <Text c="dimmed">{t('queue.description', { days: IMPORT_LIMITS.keepDays })}</Text>
        </Stack>
        <Button component={Link} to={paths.usersImport} leftSection={<IconUpload size={16} />} data-testid="import-new">
          {t('queue.new')}
        </Button>
      </Group>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          {data && (
            <Text size="sm" c="dimmed" data-testid="import-queue-count">
              {t('queue.count', { count: data.count })}
            </Text>
          )}
          {list.isError && !data ? (
            <LoadFailedAlert title={t('queue.load_failed')} onRetry={() => void list.refetch()} />
          ) : !data ? (
            <Skeleton h={160} radius="md" />
          ) : data.data.length === 0 ? (
            <EmptyState
              icon={<IconFileImport size={28} />}
              title={t('queue.empty_title')}
              description={t('queue.empty_body')}
              py="xl"
              data-testid="import-queue-empty"
            >
              <Button variant="light" component={Link} to={paths.usersImport} leftSection={<IconUpload size={16} />}>
                {t('queue.new')}
              </Button>
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={1000}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="import-queue-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('queue.columns.file')}</Table.Th>
                    <Table.Th>{t('queue.columns.by')}</Table.Th>
                    <Table.Th>{t('queue.columns.uploaded')}</Table.Th>
                    <Table.Th miw={200}>{t('queue.columns.status')}</Table.Th>
                    <Table.Th ta="end">{t('queue.columns.rows')}</Table.Th>
                    <Table.Th ta="end">{t('queue.columns.created')}</Table.Th>
                    <Table.Th ta="end">{t('queue.columns.updated')}</Table.Th>
                    <Table.Th ta="end">{t('queue.columns.skipped')}</Table.Th>
                    <Table.Th ta="end">{t('queue.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((task) => {
                    const actions = importTaskActions(task);
                    const details = hrefFor(paths.usersImportDetails, { id: task.id });
                    return (
                      <Table.Tr
                        key={task.id}
                        data-testid="import-task"
                        data-task-id={task.id}
                        data-status={task.status}
                      >
                        <Table.Td maw={260}>
                          <Anchor
                            component={Link}
                            to={details}
                            size="sm"
                            fw={600}
                            style={{ overflowWrap: 'anywhere' }}
                            data-testid="import-task-file"
                          >
                            <bdi dir="auto">{task.file_name}</bdi>
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <GridText value={task.requested_by.name ?? t('queue.by_api')} />
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <GridText value={formatDateTime(task.created_at)} ltr />
                        </Table.Td>
                        <Table.Td>
                          <ImportRunStatus task={task} />
                        </Table.Td>
                        <Table.Td ta="end" data-testid="import-task-rows">
                          {task.total_rows}
                        </Table.Td>
                        <Table.Td ta="end" data-testid="import-task-created">
                          {task.created_rows}
                        </Table.Td>
                        <Table.Td ta="end" data-testid="import-task-updated">
                          {task.updated_rows}
                        </Table.Td>
                        <Table.Td ta="end" data-testid="import-task-skipped">
                          {task.skipped_rows}
                        </Table.Td>
                        <Table.Td>
                          <GridRowNameContext value={task.file_name}>
                            <GridRowActions>
                              {actions.grid && (
                                <GridRowAction
                                  label={t('queue.actions.grid')}
                                  icon={<IconTable size={16} />}
                                  onClick={() => navigateTo(hrefFor(paths.usersImportGrid, {}, { task: task.id }))}
                                  testId="import-task-grid"
                                />
                              )}
                              <GridRowAction
                                label={t('queue.actions.details')}
                                icon={<IconListDetails size={16} />}
                                onClick={() => navigateTo(details)}
                                testId="import-task-details"
                              />
                              {actions.resume && (
                                <GridRowAction
                                  label={t('queue.actions.resume')}
                                  icon={<IconPlayerPlay size={16} />}
                                  onClick={() => resume(task)}
                                  testId="import-task-resume"
                                />
                              )}
                              <GridRowAction
                                label={t('queue.actions.delete')}
                                icon={<IconTrash size={16} />}
                                color="red"
                                onClick={() => confirmDelete(task)}
                                disabledReason={actions.deleteBlock ? t('queue.delete.running') : null}
                                testId="import-task-delete"
                              />
                            </GridRowActions>
                          </GridRowNameContext>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                value={page}
                onChange={(next) => setFilters({ page: next })}
                total={pages}
                data-testid="import-queue-pagination"
              />
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
