import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTypePermits } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

/** Spec "GET /user-types/{id}/visit-permits". */
export const getUserTypePermits = (typeId: string, signal?: AbortSignal) =>
  api.get<UserTypePermits>(`/user-types/${typeId}/visit-permits`, { signal });

export const userTypePermitsQueryOptions = (typeId: string) =>
  queryOptions({
    queryKey: [...visitPermitsRootKey, 'user-type', typeId],
    queryFn: ({ signal }) => getUserTypePermits(typeId, signal),
  });

export const useUserTypePermits = (typeId: string) => useQuery(userTypePermitsQueryOptions(typeId));
