import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyQueryKey } from './get-company';

export const deleteClientToken = () => api.delete<void>('/company/client-token');

export const useDeleteClientToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClientToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
};
