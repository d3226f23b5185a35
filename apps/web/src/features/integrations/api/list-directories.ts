import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Directory } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { directoriesKey } from './integration-query-keys';

/** GET /integrations/directories: what can be connected, and how (typed credentials or consent). */
export const listDirectories = (signal?: AbortSignal) =>
  api.get<{ data: Directory[] }>('/integrations/directories', { signal });

export const directoriesQueryOptions = () =>
  queryOptions({
    queryKey: directoriesKey,
    queryFn: ({ signal }) => listDirectories(signal),
    // The installation's directories change only with its configuration.
    staleTime: 5 * 60_000,
    select: (answer) => answer.data,
  });

export const useDirectories = () => useQuery(directoriesQueryOptions());
