import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdentityProvider, IdentityProviderBody } from '@app/shared/entity/identity-provider';
import { api } from '@/lib/api-client';
import { identityProviderQueryKey } from './get-identity-provider';

// An issuer that is no provider (422) and a missing field (400) are shown under their fields.
export const saveIdentityProvider = (body: IdentityProviderBody) =>
  api.put<IdentityProvider>('/company/identity-provider', body, { handledByCaller: [422] });

export const useSaveIdentityProvider = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIdentityProvider,
    onSuccess: (saved) => queryClient.setQueryData(identityProviderQueryKey, saved),
  });
};
