import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceReason, AttendanceReasonBody } from '@app/shared/attendance/schemas';
import { api } from '@/lib/api-client';
import { attendanceQueryKey } from './attendance-query-key';

// Refusals (a taken name, a range outside the mode or over another reason) are shown on their fields.
const handledByCaller = [404, 409, 422] as const;

export const createAttendanceReason = ({ modeId, body }: { modeId: string; body: AttendanceReasonBody }) =>
  api.post<AttendanceReason>(`/attendance-modes/${modeId}/reasons`, body, { handledByCaller });

export const updateAttendanceReason = ({ id, body }: { id: string; body: AttendanceReasonBody }) =>
  api.put<AttendanceReason>(`/attendance-reasons/${id}`, body, { handledByCaller });

/** Adds a reason to a mode, or changes the reason given by id. */
export const useSaveAttendanceReason = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, modeId, body }: { id: string | null; modeId: string; body: AttendanceReasonBody }) =>
      id ? updateAttendanceReason({ id, body }) : createAttendanceReason({ modeId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceQueryKey }),
  });
};
