import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserType } from '@app/shared/user-types/schemas';
import { api } from '@/lib/api-client';
import { userTypeTreeQueryKey } from './get-user-type-tree';

export const moveUserType = ({ id, parentId }: { id: string; parentId: string | null }) =>
  api.put<UserType>(`/user-types/${id}/parent`, { parent_id: parentId }, { handledByCaller: [422] });

export const useMoveUserType = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveUserType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userTypeTreeQueryKey }),
  });
};
