import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Journey } from '@app/shared/journeys/schemas';
import { api } from '@/lib/api-client';
import { journeysRootKey } from './journeys-query-key';

export const journeyQueryKey = (id: string) => [...journeysRootKey, 'one', id] as const;

export const getJourney = (id: string, signal?: AbortSignal) => api.get<Journey>(`/journeys/${id}`, { signal });

export const journeyQueryOptions = (id: string) =>
  queryOptions({ queryKey: journeyQueryKey(id), queryFn: ({ signal }) => getJourney(id, signal) });

export const useJourney = (id: string | undefined) =>
  useQuery({ ...journeyQueryOptions(id ?? ''), enabled: Boolean(id) });
