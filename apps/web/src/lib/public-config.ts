// What the server tells every visitor before sign-in: provider name, analytics code, base domain and
// the customer-service contact.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@app/shared/http/public-config';
import { api } from './api-client';

export type { PublicConfig };

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => api.get<PublicConfig>('/public/config', { signal, handleErrors: false }),
  staleTime: Infinity,
});

/** The public configuration, loaded once at start; undefined when the server could not be reached. */
export function usePublicConfig(): PublicConfig | undefined {
  return useQuery(publicConfigQueryOptions).data;
}
