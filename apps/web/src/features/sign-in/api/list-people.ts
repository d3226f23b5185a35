import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { listPeopleQuerySchema, Person } from '@app/shared/people/schemas';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type PeopleQuery = z.output<typeof listPeopleQuerySchema>;

export const listPeople = (query: PeopleQuery, signal?: AbortSignal) =>
  api.get<{ data: Person[]; count: number }>('/people', { params: query, signal });

export const peopleQueryOptions = (query: PeopleQuery) =>
  queryOptions({
    queryKey: ['people', 'list', 'multiple-signin', query],
    queryFn: ({ signal }) => listPeople(query, signal),
    placeholderData: keepPreviousData,
  });

/** The active people the mass sign-in page lists; `enabled` waits for the grid's saved preference. */
export const usePeople = (query: PeopleQuery, enabled: boolean) => useQuery({ ...peopleQueryOptions(query), enabled });
