import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceMode } from '@app/shared/attendance/schemas';
import { api } from '@/lib/api-client';
import { attendanceQueryKey } from './attendance-query-key';

export const getAttendanceMode = (id: string, signal?: AbortSignal) =>
  api.get<AttendanceMode>(`/attendance-modes/${id}`, { signal });

export const attendanceModeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...attendanceQueryKey, 'mode', id],
    // Also shows its sites and the journeys that use it: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites', 'journeys'] },
    queryFn: ({ signal }) => getAttendanceMode(id, signal),
  });

export const useAttendanceMode = (id: string | null) =>
  useQuery({ ...attendanceModeQueryOptions(id ?? ''), enabled: id !== null });
