import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { isAllowed } from '@app/shared/access/permissions';
import type { Dashboard, DashboardQuery, ListVisitsParams, VisitList } from '@app/shared/visits/schemas';
import type { VisitEditor } from '@app/shared/visits/visit-editor';
import { coalescedRefresh } from '@/lib/coalesced-refresh';
import { useRealtimeEvent } from '@/lib/socket';
import { useSession } from '@/lib/session';
import { visitsRootKey } from '../api/visits-query-key';
import { patchLogbookPage } from '../utils/live-patch';

const listKey = [...visitsRootKey, 'list'] as const;
const dashboardKey = [...visitsRootKey, 'dashboard'] as const;

/**
 * Keeps the counts and the logbook live when anyone in the company signs someone in or out, changes a
 * note, or an expected visit changes (decision 023). A member who sees the whole company is sent the
 * changed visits and today's counts, and the screen patches what it shows at once; whatever cannot be
 * patched exactly — and everything, for a member limited to some sites or user types, who is sent ids
 * only — is read again once events pause (at most every few seconds, only while the tab is visible).
 */
export function useLiveVisits(): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const editor: VisitEditor = useMemo(
    () =>
      session && isAllowed(session.permissions, 'users')
        ? { all: true }
        : { all: false, personId: session?.user.person_id ?? null },
    [session],
  );
  const refresh = useMemo(
    () => coalescedRefresh(() => void queryClient.invalidateQueries({ queryKey: visitsRootKey })),
    [queryClient],
  );
  useEffect(() => () => refresh.stop(), [refresh]);
  // The company's day, as the counts last said it.
  const today = useRef<string | null>(null);
  const todayOf = () =>
    today.current ??
    queryClient.getQueriesData<Dashboard>({ queryKey: dashboardKey }).find(([, data]) => data)?.[1]?.date ??
    null;

  useRealtimeEvent('updateVisits', (event) => {
    const day = todayOf();
    if (!event.visits || !day) {
      refresh.schedule();
      return;
    }
    let stale = false;
    for (const [key, page] of queryClient.getQueriesData<VisitList>({ queryKey: listKey })) {
      if (!page) continue;
      const params = key[listKey.length] as ListVisitsParams;
      const patched = patchLogbookPage(
        page,
        params,
        { visits: event.visits, createdIds: event.created_ids ?? [] },
        day,
        editor,
      );
      if (patched) queryClient.setQueryData(key, patched.page);
      if (!patched?.exact) stale = true;
    }
    if (stale) refresh.schedule();
  });

  useRealtimeEvent('dashboardCounts', (counts) => {
    today.current = counts.date;
    let stale = false;
    for (const [key] of queryClient.getQueriesData<Dashboard>({ queryKey: dashboardKey })) {
      const query = key[dashboardKey.length] as DashboardQuery;
      // The counts sent are the whole company's: a dashboard narrowed to a site or area reads its own.
      if (!query.site_id && !query.area_id) queryClient.setQueryData(key, counts);
      else stale = true;
    }
    if (stale) refresh.schedule();
  });
  // After the connection comes back, the page reads everything again (lib/live-view.ts).
}
