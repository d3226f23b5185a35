import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserType } from '@app/shared/user-types/schemas';
import { api } from '@/lib/api-client';
import type { UserTypeInput } from './create-user-type';
import { userTypeTreeQueryKey } from './get-user-type-tree';

export const updateUserType = ({ id, body }: { id: string; body: Omit<UserTypeInput, 'parent_id'> }) =>
  api.put<UserType>(`/user-types/${id}`, body, { handledByCaller: [409, 422] });

export const useUpdateUserType = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userTypeTreeQueryKey }),
  });
};
