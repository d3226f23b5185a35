import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { syncedUserListSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { syncedUsersKey } from './view-query-keys';

export type SyncedUserList = z.infer<typeof syncedUserListSchema>;
export type SyncedUsersParams = { page: number; limit: number; search?: string };

/** GET /integrations/{id}/synced-users: the people kept in step with the directory, those it archived included. */
export const listSyncedUsers = (id: string, params: SyncedUsersParams, signal?: AbortSignal) =>
  api.get<SyncedUserList>(`/integrations/${id}/synced-users`, {
    params: { ...params, search: params.search || undefined },
    signal,
  });

export const syncedUsersQueryOptions = (id: string, params: SyncedUsersParams) =>
  queryOptions({
    queryKey: [...syncedUsersKey(id), params],
    queryFn: ({ signal }) => listSyncedUsers(id, params, signal),
    // Also shows people: read again when people change (lib/data-tags.ts).
    meta: { reads: ['people'] },
    placeholderData: keepPreviousData,
  });

export const useSyncedUsers = (id: string | null, params: SyncedUsersParams, enabled = true) =>
  useQuery({ ...syncedUsersQueryOptions(id ?? '', params), enabled: enabled && id !== null });
