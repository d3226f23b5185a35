import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { directoryOptionsSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { directoryOptionsKey } from './integration-query-keys';

export type DirectoryOptions = z.infer<typeof directoryOptionsSchema>;
export type DirectoryGroup = DirectoryOptions['groups'][number];

/**
 * GET /integrations/{id}/directory-options: the groups and fields the directory offers, read live.
 * The directory refusing the stored credentials or not answering is a 422 the settings page explains
 * in place (with the way to re-authenticate), not a toast.
 */
export const getDirectoryOptions = (id: string, signal?: AbortSignal) =>
  api.get<DirectoryOptions>(`/integrations/${id}/directory-options`, { signal, handledByCaller: [422] });

export const directoryOptionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: directoryOptionsKey(id),
    queryFn: ({ signal }) => getDirectoryOptions(id, signal),
    // Each read reaches the directory: not again on every focus of the window.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useDirectoryOptions = (id: string | null, enabled = true) =>
  useQuery({ ...directoryOptionsQueryOptions(id ?? ''), enabled: id !== null && enabled });
