import { isRecordId } from '@/lib/record-id';

/**
 * Spec §2 "Opening an integration sub-page directly from the root redirects to /integration".
 *
 * Our reading. The flow's sub-pages (settings, sync status, errors, duplicates, valid users,
 * write-back) are steps of a flow an admin walks through from the list. "Directly from the root" is
 * the browser loading the app at such a page, rather than the app moving there: an address typed or
 * pasted, a bookmark, a link opened in a new tab. Such an entry goes to /integration, with or without
 * an `id`, because the admin did not come through the flow.
 *
 * A reload is the exception when the address still names an integration. The original kept the
 * flow's state in memory, so a reload had lost it and the rule sent the admin back to the list; here
 * the address carries that state (`?id=`, `&run=`), so a reload (or Back/Forward into a page of this
 * tab's history that the browser loads again) shows the same step. A reload of an address without a
 * valid id has nothing to show and goes to the list.
 *
 * Within the app, a sub-page opened with a valid `id` stays; one without an id goes to the list, and
 * one whose id cannot be an id shows the not-found page (as a malformed `$id` in a path does).
 */
export type FlowEntry = { kind: 'stay'; id: string } | { kind: 'leave'; to: 'list' | 'not-found' };

/** How the browser loaded the document (PerformanceNavigationTiming.type), 'unknown' when it cannot say. */
export type DocumentNavigation = 'navigate' | 'reload' | 'back_forward' | 'prerender' | 'unknown';

export function decideFlowEntry(input: {
  /** The page is the first the document showed (the browser loaded the app at this address). */
  documentEntry: boolean;
  navigation: DocumentNavigation;
  /** The address's `id`, as text; null when there is none. */
  id: string | null;
}): FlowEntry {
  const text = input.id?.trim() ?? '';
  const id = isRecordId(text) ? text.toLowerCase() : null;
  if (input.documentEntry) {
    const sameTab = input.navigation === 'reload' || input.navigation === 'back_forward';
    return sameTab && id ? { kind: 'stay', id } : { kind: 'leave', to: 'list' };
  }
  if (id) return { kind: 'stay', id };
  return { kind: 'leave', to: text === '' ? 'list' : 'not-found' };
}

/** The navigation type of an entry of the Performance API, as the decision reads it. */
export const documentNavigationOf = (type: string | undefined): DocumentNavigation =>
  type === 'navigate' || type === 'reload' || type === 'back_forward' || type === 'prerender' ? type : 'unknown';
