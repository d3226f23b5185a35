import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersNotOnSiteFilters, UsersNotOnSiteList } from '@app/shared/reports/presence';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';

type Query = UsersNotOnSiteFilters & { page: number; limit: number; cursor?: string };

export const listUsersNotOnSite = (query: Query, signal?: AbortSignal) =>
  api.get<UsersNotOnSiteList>('/reports/users-not-on-site', { params: query, signal });

// Under the visits root: a sign-in or sign-out reads the report again (lib/data-tags.ts).
const listKey = ['visits', 'users-not-on-site'] as const;

export const usersNotOnSiteQueryOptions = (query: Query) =>
  queryOptions({
    queryKey: [...listKey, query],
    // Shows people, their user types and their visits' places: read again when they change (lib/data-tags.ts).
    meta: { reads: ['people', 'sites', 'user-types'] },
    queryFn: ({ signal }) => listUsersNotOnSite(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the saved grid and for a chosen user type. A page after one already read follows its cursor. */
export const useUsersNotOnSite = (query: Query, enabled: boolean) =>
  useQuery({ ...usersNotOnSiteQueryOptions(useKeysetQuery(listKey, query)), enabled });
