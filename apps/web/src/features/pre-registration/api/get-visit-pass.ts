import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitPass } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';
import { preRegistrationRootKey } from './pre-registration-query-key';

// A visit's pass (its QR and where it stands), by the visit's link token; an unknown or used-up link
// answers visitMetadata.is_expired, never 404.
export const getVisitPass = (token: string, signal?: AbortSignal) =>
  api.get<VisitPass>(`/public/visits/${encodeURIComponent(token)}/pass`, { handleErrors: false, signal });

export const visitPassQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...preRegistrationRootKey, 'pass', token],
    queryFn: ({ signal }) => getVisitPass(token, signal),
    staleTime: 0,
  });

export const useVisitPass = (token: string) => useQuery({ ...visitPassQueryOptions(token), enabled: token !== '' });
