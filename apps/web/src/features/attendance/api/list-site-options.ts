import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NameRef } from '@app/shared/attendance/schemas';
import { api } from '@/lib/api-client';
import { attendanceQueryKey } from './attendance-query-key';

/** The sites the signed-in admin may give a mode (all the company's, or their own). */
export const listSiteOptions = (signal?: AbortSignal) =>
  api.get<{ data: NameRef[] }>('/attendance-modes/site-options', { signal });

export const siteOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...attendanceQueryKey, 'site-options'],
    queryFn: ({ signal }) => listSiteOptions(signal),
    select: (answer) => answer.data,
  });

export const useSiteOptions = () => useQuery(siteOptionsQueryOptions());
