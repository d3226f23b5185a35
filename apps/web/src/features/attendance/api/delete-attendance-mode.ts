import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attendanceQueryKey } from './attendance-query-key';

// A mode a journey uses is refused (422) with a message naming the journeys: the toast shows it.
export const deleteAttendanceMode = (id: string) => api.delete<void>(`/attendance-modes/${id}`);

export const useDeleteAttendanceMode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttendanceMode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceQueryKey }),
  });
};
