import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KioskReviewsList, KioskReviewsQuery } from '@app/shared/kiosks/reviews';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';
import { kioskReviewsRootKey } from './kiosk-reviews-query-key';

export type KioskReviewsListQuery = Pick<KioskReviewsQuery, 'status' | 'page' | 'limit' | 'cursor'>;

export const listKioskReviews = (query: KioskReviewsListQuery, signal?: AbortSignal) =>
  api.get<KioskReviewsList>('/kiosk-reviews', { params: query, signal });

const kioskReviewsListKey = [...kioskReviewsRootKey, 'list'] as const;

export const kioskReviewsQueryOptions = (query: KioskReviewsListQuery) =>
  queryOptions({
    queryKey: [...kioskReviewsListKey, query],
    queryFn: ({ signal }) => listKioskReviews(query, signal),
    // Another page of the same list stays on screen (dimmed) while the next one loads; the other
    // status's rows never stand in for this one's.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as KioskReviewsListQuery | undefined)?.status === query.status ? previous : undefined,
  });

/** One page of the open or resolved reviews; a page after one already read follows its cursor. */
export const useKioskReviews = (query: KioskReviewsListQuery) =>
  useQuery(kioskReviewsQueryOptions(useKeysetQuery(kioskReviewsListKey, query)));
