// Patching what a dashboard shows from a live event (decision 023) instead of reading it again: the
// logbook's first page in its own order takes the changed visits in. Whatever cannot be patched
// exactly (another page or order, a search or a count filter, a visit whose place in the list only
// the server knows) is read again a little later, once for many events.
import type { ListVisitsParams, Visit, VisitList } from '@app/shared/visits/schemas';
import { mayChangeVisit, type VisitEditor } from '@app/shared/visits/visit-editor';

/** When a visit happened, as the logbook sorts it: arrival, else expected time, else creation. */
const activityOf = (v: Visit) => v.signed_in?.at ?? v.expected?.at ?? v.created_at;

/**
 * Latest activity first, as the server sorts it: the visits people arrived for, newest first, then
 * those nobody has arrived for yet (expected, not come, cancelled); the id breaks ties.
 */
const newerFirst = (a: Visit, b: Visit) => {
  const arrived = Number(b.signed_in !== null) - Number(a.signed_in !== null);
  if (arrived !== 0) return arrived;
  const at = activityOf(b).localeCompare(activityOf(a));
  return at !== 0 ? at : b.id.localeCompare(a.id);
};

/** The company's day a visit happens on (its local time's date); a visit with neither time, today. */
const dayOf = (v: Visit, today: string) => (v.signed_in ?? v.expected)?.local.slice(0, 10) ?? today;

/** Whether a day is within the query's range of days (today when it names none). */
const inRange = (params: ListVisitsParams, day: string, today: string) =>
  (params.from ?? today) <= day && day <= (params.to ?? params.from ?? today);

const passes = (params: ListVisitsParams, v: Visit) =>
  (!params.state || v.state === params.state) &&
  (!params.site_id || v.site.id === params.site_id) &&
  (!params.area_id || v.area.id === params.area_id) &&
  (!params.user_type_id || v.user_type?.id === params.user_type_id) &&
  (!params.stage || v.stage === params.stage);

export type LiveChange = {
  visits: readonly Visit[];
  /** The visits the change made (not there before), as the event names them. */
  createdIds: readonly string[];
};

/**
 * The logbook page with the changed visits taken in: `exact` when it is now what the server would
 * answer, else it is also read again; null when it cannot be patched at all. Only the first page by
 * activity, newest first, is patched: any other page or order shifts under a new visit.
 */
export function patchLogbookPage(
  page: VisitList,
  params: ListVisitsParams,
  change: LiveChange,
  today: string,
  editor: VisitEditor,
): { page: VisitList; exact: boolean } | null {
  const firstByActivity =
    !params.cursor && params.page === 1 && params.sortField === 'activity' && params.orderBy === 'desc';
  if (!firstByActivity || params.search || params.count) return null;
  let rows = [...page.data];
  let count = page.count;
  let exact = true;
  for (const visit of change.visits) {
    const hostIds = visit.hosts.map((h) => h.id);
    const mine = { ...visit, can_change: mayChangeVisit(editor, { createdByPersonId: visit.created_by }, hostIds) };
    const at = rows.findIndex((r) => r.id === visit.id);
    const belongs = passes(params, visit) && inRange(params, dayOf(visit, today), today);
    if (at >= 0 && belongs) {
      rows[at] = mine;
    } else if (at >= 0) {
      // It left the list: the page is a row short until it is read again.
      rows.splice(at, 1);
      if (!page.count_capped) count -= 1;
      exact = false;
    } else if (belongs && change.createdIds.includes(visit.id)) {
      rows.push(mine);
      if (!page.count_capped) count += 1;
    } else if (belongs) {
      // Already in the list on a later page, or just come into it: where it goes is the server's to say.
      exact = false;
    }
  }
  rows.sort(newerFirst);
  const moved = rows.length !== page.data.length || rows.some((r, i) => r.id !== page.data[i]?.id);
  rows = rows.slice(0, params.limit);
  return {
    // When the page's rows moved, its cursor no longer leads to the next page: that goes by number.
    page: { ...page, data: rows, count, next_cursor: moved ? null : page.next_cursor },
    exact,
  };
}
