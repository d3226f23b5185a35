import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkMode } from '@app/shared/pre-registration/link-expiry';
import type { VisitByLink } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';
import { preRegistrationRootKey } from './pre-registration-query-key';

// Spec GET visit-by-visit-url: an expired or unknown link answers visitMetadata.is_expired, never 404.
export const getVisitByLink = (token: string, mode: LinkMode, signal?: AbortSignal) =>
  api.get<VisitByLink>(`/public/visits/${encodeURIComponent(token)}`, {
    params: { mode },
    handleErrors: false,
    signal,
  });

export const visitByLinkQueryOptions = (token: string, mode: LinkMode) =>
  queryOptions({
    queryKey: [...preRegistrationRootKey, 'visit', token, mode],
    queryFn: ({ signal }) => getVisitByLink(token, mode, signal),
    staleTime: 0,
  });

export const useVisitByLink = (token: string, mode: LinkMode, enabled = true) =>
  useQuery({ ...visitByLinkQueryOptions(token, mode), enabled });
