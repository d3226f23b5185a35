import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationChoices } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { integrationsRootKey } from './integration-query-keys';

export type SiteOption = IntegrationChoices['sites'][number];
export type UserTypeOption = IntegrationChoices['user_types'][number];

/** The sites and user types the caller may give an integration, by name (the integration permission is enough). */
export const getIntegrationChoices = (signal?: AbortSignal) =>
  api.get<IntegrationChoices>('/integrations/choices', { signal });

export const integrationChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...integrationsRootKey, 'choices'],
    // Shows the company's sites and user types: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites', 'user-types'] },
    queryFn: ({ signal }) => getIntegrationChoices(signal),
  });

export const useSiteOptions = () => useQuery({ ...integrationChoicesQueryOptions(), select: (c) => c.sites });

export const useUserTypeOptions = () => useQuery({ ...integrationChoicesQueryOptions(), select: (c) => c.user_types });
