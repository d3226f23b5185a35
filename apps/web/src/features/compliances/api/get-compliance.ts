import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Compliance } from '@app/shared/compliances/schemas';
import { api } from '@/lib/api-client';
import { compliancesRootKey } from './compliances-query-key';

export const getCompliance = (id: string, signal?: AbortSignal) =>
  api.get<Compliance>(`/compliances/${id}`, { signal });

export const complianceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...compliancesRootKey, 'one', id],
    // Also shows the journeys that ask it: read again when they change (lib/data-tags.ts).
    meta: { reads: ['journeys'] },
    queryFn: ({ signal }) => getCompliance(id, signal),
  });

export const useCompliance = (id: string | null) =>
  useQuery({ ...complianceQueryOptions(id ?? ''), enabled: id !== null });
