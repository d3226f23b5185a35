import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DuplicateReason,
  DuplicateScan,
  DuplicatesResponse,
  MergeBody,
  PersonMerge,
} from '@app/shared/people/duplicates';
import { api } from '@/lib/api-client';

// The duplication control board's data (spec §7 `get_users_duplicate`, `merge_user`). Under the people
// root: a merge, a dismissal or any change to people reads the board again.
export const duplicatesRootKey = ['people', 'duplicates'] as const;
const mergesKey = ['people', 'merges'] as const;

export type DuplicatesParams = { page: number; limit: number; reason?: DuplicateReason; search?: string };

/** While a scan waits or runs, the board and its status are read again every 2 s until it is done. */
const scanning = (scan: DuplicateScan | null | undefined) => scan?.status === 'queued' || scan?.status === 'running';

export const useDuplicates = (params: DuplicatesParams) =>
  useQuery({
    ...queryOptions({
      queryKey: [...duplicatesRootKey, 'list', params],
      queryFn: ({ signal }) =>
        api.get<DuplicatesResponse>('/people/duplicates', {
          params: { ...params, search: params.search || undefined },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
    refetchInterval: (query) => (scanning(query.state.data?.scan) ? 2000 : false),
  });

export const useScanDuplicates = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DuplicateScan>('/people/duplicates/scan'),
    onSuccess: () => client.invalidateQueries({ queryKey: duplicatesRootKey }),
  });
};

export const useDismissPair = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pairId: string) => api.post<void>('/people/duplicates/dismiss', { pair_id: pairId }),
    onSuccess: () => client.invalidateQueries({ queryKey: duplicatesRootKey }),
  });
};

/** A merge changes people (the board, the merges, the users list) and moves visits (the logbook, reports). */
export const useMergePeople = () => {
  const client = useQueryClient();
  return useMutation({
    // A refusal (both sign in, the owner's record, one of them gone meanwhile) is shown in the dialog.
    mutationFn: (body: MergeBody) => api.post<PersonMerge>('/people/merge', body, { handledByCaller: [404, 409, 422] }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['people'] }),
        client.invalidateQueries({ queryKey: ['visits'] }),
      ]),
  });
};

export const useMerges = (params: { page: number; limit: number }) =>
  useQuery({
    queryKey: [...mergesKey, params],
    queryFn: ({ signal }) =>
      api.get<{ data: PersonMerge[]; count: number; next_cursor: string | null }>('/people/merges', {
        params,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
