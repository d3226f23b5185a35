import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tempUserListSchema } from '@app/shared/integrations/schemas';
import type { TempUserState } from '@app/shared/integrations/status';
import { api } from '@/lib/api-client';
import { tempUsersKey } from './view-query-keys';

export type TempUserList = z.infer<typeof tempUserListSchema>;
export type TempUsersParams = { state: TempUserState; page: number; limit: number; search?: string };

/**
 * GET /integrations/{id}/temp-users: the records of the last read with errors (each problem translated,
 * by field), with the people they may be, or valid; by last name.
 */
export const listTempUsers = (id: string, params: TempUsersParams, signal?: AbortSignal) =>
  api.get<TempUserList>(`/integrations/${id}/temp-users`, {
    params: { ...params, search: params.search || undefined },
    signal,
  });

export const tempUsersQueryOptions = (id: string, params: TempUsersParams) =>
  queryOptions({
    queryKey: [...tempUsersKey(id), params],
    queryFn: ({ signal }) => listTempUsers(id, params, signal),
    placeholderData: keepPreviousData,
  });

export const useTempUsers = (id: string | null, params: TempUsersParams, enabled = true) =>
  useQuery({ ...tempUsersQueryOptions(id ?? '', params), enabled: enabled && id !== null });
