import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EMERGENCY_LIMITS, type RollPeople } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';

/** The company's people in the warden's reach who are not on the roll, by name (two letters at least). */
export const searchRollPeople = (sessionId: string, search: string, signal?: AbortSignal) =>
  api.get<RollPeople>(`/emergency/sessions/${encodeURIComponent(sessionId)}/people`, { params: { search }, signal });

export const useRollPeople = (sessionId: string, search: string) => {
  const term = search.trim().slice(0, EMERGENCY_LIMITS.searchMax);
  return useQuery(
    queryOptions({
      queryKey: ['emergency', 'session', sessionId, 'people', term],
      queryFn: ({ signal }) => searchRollPeople(sessionId, term, signal),
      enabled: term.length >= 2,
      placeholderData: keepPreviousData,
    }),
  );
};
