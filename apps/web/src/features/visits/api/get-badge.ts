import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Badge } from '@app/shared/visits/schemas';
import { api } from '@/lib/api-client';
import { visitsRootKey } from './visits-query-key';

export const getBadge = (id: string, signal?: AbortSignal) =>
  api.get<Badge>(`/visits/${encodeURIComponent(id)}/badge`, { signal });

export const badgeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...visitsRootKey, 'badge', id],
    queryFn: ({ signal }) => getBadge(id, signal),
    // What is on the page is what gets printed: it does not change under the person's eyes.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** A visit's badge as its flow's checks allow (spec "Print badge"). */
export const useBadge = (id: string | null) => useQuery({ ...badgeQueryOptions(id ?? ''), enabled: id !== null });
