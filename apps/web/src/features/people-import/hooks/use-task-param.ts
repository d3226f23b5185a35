import { useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { taskParamOf } from '../utils/task-param';

/**
 * The task of the page's `?task=`, or null when there is none (then `whenNone`, if given, is where
 * the page sends the person instead). One that cannot name a task opens the not-found page, as a
 * malformed id in a path does; a task not found (another company's, or deleted) does too, when its
 * load answers 404. The value is the page's own match's: while the app moves on to another page, the
 * address already is that page's and must not send anyone anywhere.
 */
export function useTaskParam({ whenNone }: { whenNone?: string } = {}): string | null {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const raw = search.task;
  // The router reads a query value as JSON when it can (`?task=12` is a number): anything but a
  // string cannot be a task's id.
  const param = taskParamOf(raw === undefined || raw === null ? null : typeof raw === 'string' ? raw : '-');
  const away = param.kind === 'invalid' ? paths.notFound : param.kind === 'none' ? whenNone : undefined;
  useEffect(() => {
    if (away) navigateTo(away, { replace: true });
  }, [away]);
  return param.kind === 'task' ? param.id : null;
}
