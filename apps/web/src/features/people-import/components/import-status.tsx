import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportTask, ImportTaskStatus } from '@app/shared/people/import';
import { isRunning } from '../utils/import-step';

export const IMPORT_STATUS_COLOURS: Record<ImportTaskStatus, string> = {
  uploaded: 'gray',
  validated: 'indigo',
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

/** A task's status in words. */
export function ImportStatusBadge({ status }: { status: ImportTaskStatus }) {
  const { t } = useTranslation('people-import');
  return (
    <Badge
      variant="light"
      color={IMPORT_STATUS_COLOURS[status]}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="import-status"
      data-status={status}
    >
      {t(`statuses.${status}`)}
    </Badge>
  );
}

type Progressed = Pick<
  ImportTask,
  'id' | 'status' | 'progress' | 'processed_rows' | 'total_rows' | 'dropped_rows' | 'error' | 'file_name'
>;

/**
 * Where a task's run stands: its status, and while it runs a bar that live events move with the rows
 * done so far; a failed run says why.
 */
export function ImportRunStatus({ task }: { task: Progressed }) {
  const { t } = useTranslation('people-import');
  const running = isRunning(task.status);
  const toImport = Math.max(0, task.total_rows - task.dropped_rows);
  return (
    <Stack gap={4} data-testid="import-run-status" data-status={task.status} miw={160}>
      <Group gap={6} wrap="nowrap">
        <ImportStatusBadge status={task.status} />
        {running && (
          <Text size="xs" c="dimmed" data-testid="import-progress-percent">
            {t('progress.percent', { value: task.progress })}
          </Text>
        )}
      </Group>
      {running && (
        <>
          <Progress
            value={task.status === 'queued' ? 100 : task.progress}
            striped={task.status === 'queued'}
            animated
            size="sm"
            aria-label={t('progress.label', { file: task.file_name })}
            data-testid="import-progress"
            data-progress={task.progress}
          />
          <Text size="xs" c="dimmed">
            {task.status === 'queued'
              ? t('progress.waiting')
              : t('progress.rows', { done: task.processed_rows, total: toImport })}
          </Text>
        </>
      )}
      {task.status === 'failed' && task.error && (
        <Text size="xs" c="red.9" data-testid="import-error">
          {task.error}
        </Text>
      )}
    </Stack>
  );
}
