import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SafeLink } from '@app/shared/emergency/schemas';
import { ApiError, api } from '@/lib/api-client';

// The page explains every refusal itself (an unknown link, a session that ended): no navigation to
// the error pages, no toast.
const url = (token: string) => `/public/emergency/safe/${encodeURIComponent(token)}`;

export const getSafeLink = (token: string, signal?: AbortSignal) =>
  api.get<SafeLink>(url(token), { handleErrors: false, signal });

export const markSafe = (token: string) => api.post<SafeLink>(url(token), undefined, { handleErrors: false });

export const safeLinkQueryKey = (token: string) => ['safe-link', token] as const;

/** A refusal of the link itself, as opposed to a network failure worth trying again. */
export const isLinkRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export const useSafeLink = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: safeLinkQueryKey(token),
      queryFn: ({ signal }) => getSafeLink(token, signal),
      staleTime: 0,
      retry: (count, error) => count < 2 && !isLinkRefusal(error),
    }),
  );

export const useMarkSafe = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markSafe(token),
    onSuccess: (link) => queryClient.setQueryData(safeLinkQueryKey(token), link),
    // The session ended meanwhile: the page reads the link again and says so.
    onError: (error) => {
      if (isLinkRefusal(error)) void queryClient.invalidateQueries({ queryKey: safeLinkQueryKey(token) });
    },
  });
};
