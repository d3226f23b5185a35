import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickPassesResponse } from '@app/shared/quick-passes/schemas';
import { api } from '@/lib/api-client';

// Issuing passes records them, so the print page asks once for its ids and never refetches on its own.
export const printQuickPasses = (userIds: readonly string[]) =>
  api.post<QuickPassesResponse>('/quick-passes', { user_ids: userIds }, { handledByCaller: [422] });

export const quickPassesQueryOptions = (userIds: readonly string[]) =>
  queryOptions({
    queryKey: ['quick-passes', userIds],
    queryFn: () => printQuickPasses(userIds),
    staleTime: Infinity,
    gcTime: 0,
  });

export const useQuickPasses = (userIds: readonly string[]) =>
  useQuery({ ...quickPassesQueryOptions(userIds), enabled: userIds.length > 0 });
