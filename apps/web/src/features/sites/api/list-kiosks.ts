import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Kiosk, ListKiosksQuery } from '@app/shared/kiosks/schemas';
import { api } from '@/lib/api-client';
import { kiosksRootKey } from './kiosks-query-key';

/** The filters a grid has not chosen are null, and left out of the request. */
export type KiosksQuery = Pick<ListKiosksQuery, 'page' | 'limit' | 'search' | 'sortField' | 'orderBy'> & {
  site_id: string | null;
  area_id: string | null;
  status: ListKiosksQuery['status'] | null;
};

// Kiosks beat every 30 s and count as offline after 2 minutes. A kiosk coming online is told by the
// server (hooks/use-kiosk-events.ts); one falling silent is not, so a list that shows an online kiosk
// reads again often enough to show it drop off.
const REFRESH_MS = 15_000;

export const listKiosks = (query: KiosksQuery, signal?: AbortSignal) =>
  api.get<{ data: Kiosk[]; count: number }>('/kiosks', { params: query, signal });

export const kiosksListQueryKey = [...kiosksRootKey, 'list'] as const;

export const kiosksQueryOptions = (query: KiosksQuery) =>
  queryOptions({
    queryKey: [...kiosksListQueryKey, query],
    // Also shows the journey each kiosk runs: read again when they change (lib/data-tags.ts).
    meta: { reads: ['journeys'] },
    queryFn: ({ signal }) => listKiosks(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((kiosk) => kiosk.online) ? REFRESH_MS : false),
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const useKiosks = (query: KiosksQuery, enabled: boolean) => useQuery({ ...kiosksQueryOptions(query), enabled });
