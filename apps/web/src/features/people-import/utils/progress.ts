import type { ImportProgressEvent, ImportTask, ImportTaskList } from '@app/shared/people/import';

/** The task as a progress event of its run says it is now; another task's event changes nothing. */
export function withProgress(task: ImportTask, event: ImportProgressEvent): ImportTask {
  if (task.id !== event.id) return task;
  return {
    ...task,
    status: event.status,
    total_rows: event.total_rows,
    processed_rows: event.processed_rows,
    created_rows: event.created_rows,
    updated_rows: event.updated_rows,
    skipped_rows: event.skipped_rows,
    dropped_rows: event.dropped_rows,
    progress: event.progress,
  };
}

/** A page of the queue with the event's task moved on (the same page when it is not on it). */
export function listWithProgress(list: ImportTaskList, event: ImportProgressEvent): ImportTaskList {
  if (!list.data.some((task) => task.id === event.id)) return list;
  return { ...list, data: list.data.map((task) => withProgress(task, event)) };
}

/** Rows the run has still to do: those not dropped, less those done. */
export const rowsLeft = (task: Pick<ImportTask, 'total_rows' | 'dropped_rows' | 'processed_rows'>) =>
  Math.max(0, task.total_rows - task.dropped_rows - task.processed_rows);
