import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DirectoryCode } from '@app/shared/integrations/status';
import type { integrationListSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { integrationListKey } from './integration-query-keys';

export type IntegrationList = z.infer<typeof integrationListSchema>;

/** GET /integrations's query (listIntegrationsQuerySchema), as the grid sends it. */
export type IntegrationsQuery = { page: number; limit: number; search?: string; dir_code?: DirectoryCode };

export const listIntegrations = (query: IntegrationsQuery, signal?: AbortSignal) =>
  api.get<IntegrationList>('/integrations', { params: query, signal });

export const integrationsQueryOptions = (query: IntegrationsQuery) =>
  queryOptions({
    queryKey: [...integrationListKey, query],
    // Shows the integrations' sites: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites'] },
    queryFn: ({ signal }) => listIntegrations(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const useIntegrations = (query: IntegrationsQuery, enabled: boolean) =>
  useQuery({ ...integrationsQueryOptions(query), enabled });
