import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Integration } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { integrationKey } from './integration-query-keys';

/** GET /integrations/{id}: one integration, its settings and latest run (another company's is not found). */
export const getIntegration = (id: string, signal?: AbortSignal) =>
  api.get<Integration>(`/integrations/${id}`, { signal });

export const integrationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: integrationKey(id),
    meta: { reads: ['sites', 'user-types'] },
    queryFn: ({ signal }) => getIntegration(id, signal),
  });

/** The integration of `id`; nothing is asked while there is no id. */
export const useIntegration = (id: string | null) =>
  useQuery({ ...integrationQueryOptions(id ?? ''), enabled: id !== null });
