import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceMode, ListAttendanceModesQuery } from '@app/shared/attendance/schemas';
import { api } from '@/lib/api-client';
import { attendanceQueryKey } from './attendance-query-key';

export type AttendanceModesQuery = Partial<
  Pick<ListAttendanceModesQuery, 'page' | 'limit' | 'search' | 'site_id' | 'sortField' | 'orderBy'>
>;

export const listAttendanceModes = (query: AttendanceModesQuery, signal?: AbortSignal) =>
  api.get<{ data: AttendanceMode[]; count: number }>('/attendance-modes', { params: query, signal });

export const attendanceModesQueryOptions = (query: AttendanceModesQuery) =>
  queryOptions({
    queryKey: [...attendanceQueryKey, 'modes', query],
    // Also shows the sites each mode serves and the journeys that use it: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites', 'journeys'] },
    queryFn: ({ signal }) => listAttendanceModes(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const useAttendanceModes = (query: AttendanceModesQuery, enabled = true) =>
  useQuery({ ...attendanceModesQueryOptions(query), enabled });
