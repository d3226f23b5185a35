import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PresenceOptions } from '@app/shared/reports/presence';
import { api } from '@/lib/api-client';
import { timesheetRootKey } from './list-timesheet';

/** The sites and user types the reader may filter by, and today on the company's clock. */
export const getTimesheetOptions = (signal?: AbortSignal) =>
  api.get<PresenceOptions>('/reports/timesheet/options', { signal });

export const timesheetOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...timesheetRootKey, 'options'],
    meta: { reads: ['sites', 'user-types'] },
    queryFn: ({ signal }) => getTimesheetOptions(signal),
    staleTime: 60_000,
  });

export const useTimesheetOptions = () => useQuery(timesheetOptionsQueryOptions());
