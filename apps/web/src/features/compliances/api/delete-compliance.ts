import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { compliancesRootKey } from './compliances-query-key';

export const deleteCompliance = (id: string) => api.delete<void>(`/compliances/${id}`);

export const useDeleteCompliance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompliance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: compliancesRootKey }),
  });
};
