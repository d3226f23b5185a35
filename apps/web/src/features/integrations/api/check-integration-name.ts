import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationNameKey } from './integration-query-keys';

export type IntegrationNameAvailability = { available: boolean; message: string | null };

// Answered next to the field while typing, so failures stay out of the app-wide error handling.
/** GET /integrations/name-availability (integrationNameQuerySchema); `id`: the integration being renamed. */
export const checkIntegrationName = (name: string, id: string | null, signal?: AbortSignal) =>
  api.get<IntegrationNameAvailability>('/integrations/name-availability', {
    params: { name, id },
    signal,
    handleErrors: false,
  });

export const integrationNameQueryOptions = (name: string, id: string | null) =>
  queryOptions({
    queryKey: integrationNameKey(name, id),
    queryFn: ({ signal }) => checkIntegrationName(name, id, signal),
    staleTime: 10_000,
    retry: false,
  });

export const useIntegrationNameAvailability = (name: string, id: string | null, enabled: boolean) =>
  useQuery({ ...integrationNameQueryOptions(name, id), enabled });
