import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmergencyPlaces } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';
import { emergencyPlacesKey } from './emergency-query-keys';

/** The reader's sites and areas, each area with how many people are on site in it now. */
export const getEmergencyPlaces = (signal?: AbortSignal) => api.get<EmergencyPlaces>('/emergency/places', { signal });

export const emergencyPlacesQueryOptions = () =>
  queryOptions({
    queryKey: emergencyPlacesKey,
    meta: { reads: ['sites', 'visits'] },
    queryFn: ({ signal }) => getEmergencyPlaces(signal),
  });

export const useEmergencyPlaces = () => useQuery(emergencyPlacesQueryOptions());
