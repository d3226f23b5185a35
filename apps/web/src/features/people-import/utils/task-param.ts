import { isRecordId } from '@/lib/record-id';

/**
 * The task a page's address names in `?task=`: none (the page has nothing to show of its own), a
 * task's id, or something that cannot name a task (the not-found page, like a malformed `$id`).
 */
export type TaskParam = { kind: 'none' } | { kind: 'task'; id: string } | { kind: 'invalid' };

export function taskParamOf(text: string | null): TaskParam {
  if (text === null || text.trim() === '') return { kind: 'none' };
  return isRecordId(text) ? { kind: 'task', id: text.toLowerCase() } : { kind: 'invalid' };
}
