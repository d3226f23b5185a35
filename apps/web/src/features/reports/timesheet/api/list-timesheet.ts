import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TimesheetFilters, TimesheetList } from '@app/shared/reports/timesheet';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';

// Under the visits root: a change to any visit reads the report again (lib/data-tags.ts).
export const timesheetRootKey = ['visits', 'timesheet'] as const;
export const timesheetListKey = [...timesheetRootKey, 'list'] as const;

/** GET /reports/timesheet's query: the filters and a page of people (`cursor` follows the page before). */
/** While someone is on site the list is read again this often. */
const ONGOING_REFRESH_MS = 5 * 60_000;

export type TimesheetQuery = TimesheetFilters & { page: number; limit: number; cursor?: string };

export const listTimesheet = (query: TimesheetQuery, signal?: AbortSignal) =>
  api.get<TimesheetList>('/reports/timesheet', { params: query, signal });

export const timesheetQueryOptions = (query: TimesheetQuery) =>
  queryOptions({
    queryKey: [...timesheetListKey, query],
    // Shows people and attendance modes by name: read again when they change (lib/data-tags.ts).
    meta: { reads: ['people', 'attendance'] },
    queryFn: ({ signal }) => listTimesheet(query, signal),
    placeholderData: keepPreviousData,
    // The screen counts a day on site on between reads; reading again now and then brings its day's end
    // at midnight and anything the counting cannot know.
    refetchInterval: (q) =>
      q.state.data?.data.some((p) => p.days.some((d) => d.ongoing_since !== null)) ? ONGOING_REFRESH_MS : false,
  });

/** `enabled` waits for the grid's saved preference; a page after one already read follows its cursor. */
export const useTimesheet = (query: TimesheetQuery, enabled: boolean) =>
  useQuery({ ...timesheetQueryOptions(useKeysetQuery(timesheetListKey, query)), enabled });
