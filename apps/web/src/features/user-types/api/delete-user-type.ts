import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userTypeTreeQueryKey } from './get-user-type-tree';

export const deleteUserType = (id: string) => api.delete<void>(`/user-types/${id}`);

export const useDeleteUserType = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userTypeTreeQueryKey }),
  });
};
