import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

export const deleteVisitPermit = (id: string) => api.delete<void>(`/visit-permits/${id}`);

export const useDeleteVisitPermit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVisitPermit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitPermitsRootKey }),
  });
};
