import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export const deregisterKiosk = (id: string) => api.delete<void>(`/kiosks/${id}`);

export const useDeregisterKiosk = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deregisterKiosk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
