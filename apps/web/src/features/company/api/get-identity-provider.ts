import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdentityProvider } from '@app/shared/entity/identity-provider';
import { api } from '@/lib/api-client';

/** The company's own identity provider, or null when it has none. */
export const getIdentityProvider = (signal?: AbortSignal) =>
  api.get<IdentityProvider | null>('/company/identity-provider', { signal });

export const identityProviderQueryKey = ['company', 'identity-provider'] as const;

export const identityProviderQueryOptions = () =>
  queryOptions({ queryKey: identityProviderQueryKey, queryFn: ({ signal }) => getIdentityProvider(signal) });

export const useIdentityProvider = () => useQuery(identityProviderQueryOptions());
