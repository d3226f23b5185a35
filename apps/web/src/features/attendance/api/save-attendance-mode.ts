import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceMode, AttendanceModeBody } from '@app/shared/attendance/schemas';
import { api } from '@/lib/api-client';
import { attendanceQueryKey } from './attendance-query-key';

// Refusals (a taken name, hours that leave reasons outside, a site out of reach) are shown on their fields.
const handledByCaller = [404, 409, 422] as const;

export const createAttendanceMode = (body: AttendanceModeBody) =>
  api.post<AttendanceMode>('/attendance-modes', body, { handledByCaller });

export const updateAttendanceMode = ({ id, body }: { id: string; body: AttendanceModeBody }) =>
  api.put<AttendanceMode>(`/attendance-modes/${id}`, body, { handledByCaller });

/** Adds a mode, or changes the one given by id. */
export const useSaveAttendanceMode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AttendanceModeBody }) =>
      id ? updateAttendanceMode({ id, body }) : createAttendanceMode(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceQueryKey }),
  });
};
