import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportTask } from '@app/shared/people/import';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useRunImport } from '../api/run-import';
import { runBlockOf } from '../utils/import-step';

/**
 * Runs the import after a confirmation that says what will happen: the rows ready are imported, those
 * with problems skipped. It then goes to the queue, where the run's progress shows. When nothing can
 * be imported the button stays in view, disabled, with the reason beside it.
 */
export function RunImportButton({ task }: { task: ImportTask }) {
  const { t } = useTranslation('people-import');
  const run = useRunImport();
  const block = runBlockOf(task);
  const reasonId = `import-run-reason-${task.id}`;

  const confirm = () =>
    modals.openConfirmModal({
      title: t('run.title', { file: task.file_name }),
      children: (
        <Text size="sm" data-testid="import-run-summary">
          {t('run.body', { count: task.valid_rows })}{' '}
          {task.error_rows > 0 && t('run.skipped', { count: task.error_rows })}
        </Text>
      ),
      labels: { confirm: t('run.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { 'data-testid': 'import-run-confirm' },
      // Through the promise, not mutate's callbacks: the queued task replaces this button (the grid
      // shows a task that can no longer change) before those callbacks would run.
      onConfirm: () =>
        void run.mutateAsync(task.id).then(
          () => {
            notifySuccess(t('toasts.run_started', { file: task.file_name }));
            navigateTo(paths.usersImportQueue);
          },
          () => undefined, // the refusal is the API client's toast
        ),
    });

  return (
    <Group gap="sm" wrap="wrap" justify="flex-end">
      {block && (
        <Text size="sm" c="dimmed" id={reasonId} data-testid="import-run-reason" maw={360}>
          {t(`run.blocked.${block}`)}
        </Text>
      )}
      <Button
        leftSection={<IconPlayerPlay size={16} />}
        onClick={confirm}
        disabled={block !== null}
        loading={run.isPending}
        aria-describedby={block ? reasonId : undefined}
        data-testid="import-run"
      >
        {t('run.button')}
      </Button>
    </Group>
  );
}
