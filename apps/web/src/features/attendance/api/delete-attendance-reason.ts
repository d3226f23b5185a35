import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceQueryKey } from './attendance-query-key';

export const deleteAttendanceReason = (id: string) => api.delete<void>(`/attendance-reasons/${id}`);

export const useDeleteAttendanceReason = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttendanceReason,
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceQueryKey }),
  });
};
