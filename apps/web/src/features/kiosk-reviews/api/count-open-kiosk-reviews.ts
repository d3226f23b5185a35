import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KioskReviewsList } from '@app/shared/kiosks/reviews';
import { api } from '@/lib/api-client';
import { kioskReviewsRootKey } from './kiosk-reviews-query-key';

export type OpenReviewCount = { count: number; capped: boolean };

// The menu's count is a hint, never worth an error on whichever page is open: a refusal stays silent.
export const countOpenKioskReviews = (signal?: AbortSignal) =>
  api
    .get<KioskReviewsList>('/kiosk-reviews', { params: { status: 'open', limit: 1 }, signal, handleErrors: false })
    .then((list): OpenReviewCount => ({ count: list.count, capped: list.count_capped }));

export const openKioskReviewCountQueryOptions = () =>
  queryOptions({
    queryKey: [...kioskReviewsRootKey, 'open-count'],
    queryFn: ({ signal }) => countOpenKioskReviews(signal),
    retry: false,
  });

/** How many reviews are open at the reader's sites, while `enabled`. */
export const useOpenKioskReviewCount = (enabled: boolean) =>
  useQuery({ ...openKioskReviewCountQueryOptions(), enabled });
