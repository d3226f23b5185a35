import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceReason } from '@app/shared/attendance/schemas';
import { api } from '@/lib/api-client';
import { attendanceQueryKey } from './attendance-query-key';

export const getAttendanceReason = (id: string, signal?: AbortSignal) =>
  api.get<AttendanceReason>(`/attendance-reasons/${id}`, { signal });

export const attendanceReasonQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...attendanceQueryKey, 'reason', id],
    queryFn: ({ signal }) => getAttendanceReason(id, signal),
  });

export const useAttendanceReason = (id: string | null) =>
  useQuery({ ...attendanceReasonQueryOptions(id ?? ''), enabled: id !== null });
