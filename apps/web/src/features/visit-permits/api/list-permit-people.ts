import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PermitPerson } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

export type PermitPeopleQuery = { page: number; limit: number; search?: string };

export const listPermitPeople = (permitId: string, query: PermitPeopleQuery, signal?: AbortSignal) =>
  api.get<{ data: PermitPerson[]; count: number }>(`/visit-permits/${permitId}/people`, { params: query, signal });

export const permitPeopleQueryOptions = (permitId: string, query: PermitPeopleQuery) =>
  queryOptions({
    queryKey: [...visitPermitsRootKey, 'people', permitId, query],
    queryFn: ({ signal }) => listPermitPeople(permitId, query, signal),
    placeholderData: keepPreviousData,
  });

export const usePermitPeople = (permitId: string, query: PermitPeopleQuery) =>
  useQuery(permitPeopleQueryOptions(permitId, query));
