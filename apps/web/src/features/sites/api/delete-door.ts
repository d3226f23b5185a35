import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export const deleteDoor = (id: string) => api.delete<void>(`/doors/${id}`);

export const useDeleteDoor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDoor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
