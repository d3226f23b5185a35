import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkAttendanceCodeBody } from '@app/shared/attendance/schemas';
import { api } from '@/lib/api-client';
import { attendanceQueryKey } from './attendance-query-key';

/** Spec attendance_codes/bulk-update: one code (or none) for the chosen reasons. */
export const setAttendanceCodes = (body: BulkAttendanceCodeBody) =>
  api.put<{ updated: number }>('/attendance-reasons/attendance-codes', body, { handledByCaller: [400] });

export const useSetAttendanceCodes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAttendanceCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceQueryKey }),
  });
};
