import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { identityProviderQueryKey } from './get-identity-provider';

export const deleteIdentityProvider = () => api.delete<void>('/company/identity-provider');

export const useDeleteIdentityProvider = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIdentityProvider,
    onSuccess: () => queryClient.setQueryData(identityProviderQueryKey, null),
  });
};
