import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UserType, userTypeBodySchema } from '@app/shared/user-types/schemas';
import { api } from '@/lib/api-client';
import { userTypeTreeQueryKey } from './get-user-type-tree';

export type UserTypeInput = z.input<typeof userTypeBodySchema>;

// A taken name is shown on its field.
export const createUserType = (body: UserTypeInput) =>
  api.post<UserType>('/user-types', body, { handledByCaller: [409, 422] });

export const useCreateUserType = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userTypeTreeQueryKey }),
  });
};
