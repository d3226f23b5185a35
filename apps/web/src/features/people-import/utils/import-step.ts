import type { ImportTask, ImportTaskStatus } from '@app/shared/people/import';

/** The run is waiting for the job runner or under way: the task can be neither changed nor deleted. */
export const isRunning = (status: ImportTaskStatus): boolean => status === 'queued' || status === 'running';

/**
 * Where a task sends the person next: its rows can still be fixed and run (`grid`), its run goes on
 * (`queue`), or it has ended and shows what it did (`details`). A task still being read has no rows to
 * show yet.
 */
export type ImportStep = 'upload' | 'grid' | 'queue' | 'details';

export function importStepOf(task: Pick<ImportTask, 'status'> | null | undefined): ImportStep {
  if (!task || task.status === 'uploaded') return 'upload';
  if (task.status === 'validated') return 'grid';
  if (isRunning(task.status)) return 'queue';
  return 'details';
}

/** Why a task cannot be run now, or null when it can: a validated one with rows to import, or a failed one (it resumes). */
export type RunBlock = 'not_ready' | 'nothing_valid' | 'running' | 'done';

export function runBlockOf(task: Pick<ImportTask, 'status' | 'valid_rows'>): RunBlock | null {
  switch (task.status) {
    case 'uploaded':
      return 'not_ready';
    case 'validated':
      return task.valid_rows > 0 ? null : 'nothing_valid';
    case 'queued':
    case 'running':
      return 'running';
    case 'done':
      return 'done';
    case 'failed':
      return null;
  }
}

/** What the queue offers for a task. */
export type ImportTaskActions = {
  /** Its rows can still be fixed or dropped. */
  grid: boolean;
  /** A failed run can be started again: it resumes where it stopped. */
  resume: boolean;
  /** Why it cannot be deleted (a run going on), or null. */
  deleteBlock: 'running' | null;
};

export function importTaskActions(task: Pick<ImportTask, 'status'>): ImportTaskActions {
  return {
    grid: task.status === 'validated',
    resume: task.status === 'failed',
    deleteBlock: isRunning(task.status) ? 'running' : null,
  };
}
