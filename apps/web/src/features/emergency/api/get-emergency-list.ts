import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmergencyList } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';
import { emergencyListRootKey } from './emergency-query-keys';

/** The places the list is narrowed to (none: everything the reader may see). */
export type EmergencyListFilter = { site_id: string[]; area_id: string[] };

/** GET /emergency_list/{entityId}: everyone on site now in the reader's sites, by site and area. */
export const getEmergencyList = (filter: EmergencyListFilter, signal?: AbortSignal) =>
  api.get<EmergencyList>('/emergency/list', { params: filter, signal });

export const emergencyListQueryOptions = (filter: EmergencyListFilter) =>
  queryOptions({
    queryKey: [...emergencyListRootKey, filter],
    // Shows people, places and user types by name, and who is on site: read again when they change.
    meta: { reads: ['visits', 'people', 'sites', 'user-types'] },
    queryFn: ({ signal }) => getEmergencyList(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useEmergencyList = (filter: EmergencyListFilter, enabled = true) =>
  useQuery({ ...emergencyListQueryOptions(filter), enabled });
