import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnlineCompliance } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';
import { preRegistrationRootKey } from './pre-registration-query-key';

// What the visit's flow asks online, with the answers that already count; an expired link says why.
export const getOnlineCompliance = (token: string, signal?: AbortSignal) =>
  api.get<OnlineCompliance>(`/public/visits/${encodeURIComponent(token)}/compliance`, {
    handleErrors: false,
    signal,
  });

export const onlineComplianceQueryKey = (token: string) => [...preRegistrationRootKey, 'compliance', token] as const;

export const onlineComplianceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: onlineComplianceQueryKey(token),
    queryFn: ({ signal }) => getOnlineCompliance(token, signal),
    staleTime: 0,
  });

export const useOnlineCompliance = (token: string, enabled = true) =>
  useQuery({ ...onlineComplianceQueryOptions(token), enabled });

/** The agreement file of a compliance the visit asks, opened in a new tab. */
export const agreementFileUrl = (token: string, complianceId: string) =>
  `/api/v1/public/visits/${encodeURIComponent(token)}/compliance/${complianceId}/file`;
