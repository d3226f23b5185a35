import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { integrationAreaSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { integrationAreasKey } from './integration-query-keys';

export type IntegrationArea = z.infer<typeof integrationAreaSchema>;

/** GET /integrations/{id}/areas: the areas of the caller's sites, where write-back scans can come from. */
export const listIntegrationAreas = (id: string, signal?: AbortSignal) =>
  api.get<{ data: IntegrationArea[] }>(`/integrations/${id}/areas`, { signal });

export const integrationAreasQueryOptions = (id: string) =>
  queryOptions({
    queryKey: integrationAreasKey(id),
    meta: { reads: ['sites'] },
    queryFn: ({ signal }) => listIntegrationAreas(id, signal),
    select: (answer) => answer.data,
  });

export const useIntegrationAreas = (id: string | null, enabled = true) =>
  useQuery({ ...integrationAreasQueryOptions(id ?? ''), enabled: id !== null && enabled });
