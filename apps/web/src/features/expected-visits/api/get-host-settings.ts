import { useQuery } from '@tanstack/react-query';
import type { HostSettings } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';
import { expectedVisitsRootKey } from './expected-visits-query-key';

export const getHostSettings = (userTypeId: string, siteId: string, signal?: AbortSignal) =>
  api.get<HostSettings>('/expected-visits/host-settings', {
    params: { user_type_id: userTypeId, site_id: siteId },
    signal,
  });

/** Whether the flow of the chosen user type at the chosen site asks, requires or limits the host. */
export const useHostSettings = (userTypeId: string | null, siteId: string | null) =>
  useQuery({
    queryKey: [...expectedVisitsRootKey, 'host-settings', userTypeId, siteId],
    queryFn: ({ signal }) => getHostSettings(userTypeId!, siteId!, signal),
    enabled: userTypeId !== null && siteId !== null,
  });
