import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckPermitQuery, PermitCheck } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

/** The checker: whether a person or a user type may visit at a moment, by which permit, and why not. */
export const checkPermits = (query: CheckPermitQuery, signal?: AbortSignal) =>
  api.get<PermitCheck>('/visit-permits/check', { params: query, signal });

export const checkPermitsQueryOptions = (query: CheckPermitQuery | null) =>
  queryOptions({
    queryKey: [...visitPermitsRootKey, 'check', query],
    queryFn: ({ signal }) => checkPermits(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

/** Asks once the subject, date and time are all chosen; a change asks again. */
export const useCheckPermits = (query: CheckPermitQuery | null) => useQuery(checkPermitsQueryOptions(query));
