import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermitUserType } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

export const listPermitUserTypes = (permitId: string, signal?: AbortSignal) =>
  api.get<{ data: PermitUserType[]; count: number }>(`/visit-permits/${permitId}/user-types`, { signal });

export const permitUserTypesQueryOptions = (permitId: string) =>
  queryOptions({
    queryKey: [...visitPermitsRootKey, 'user-types', permitId],
    queryFn: ({ signal }) => listPermitUserTypes(permitId, signal),
  });

export const usePermitUserTypes = (permitId: string) => useQuery(permitUserTypesQueryOptions(permitId));
