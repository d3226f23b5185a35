import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserType } from '@app/shared/user-types/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

/** The user types the caller manages, by name, for the user-type pickers. */
export const listUserTypes = (signal?: AbortSignal) =>
  api.get<{ data: UserType[] }>('/user-types', { signal, handledByCaller: [403] });

export const userTypesQueryOptions = () =>
  queryOptions({
    queryKey: [...visitPermitsRootKey, 'user-type-options'],
    // Also shows the company's user types: read again when they change (lib/data-tags.ts).
    meta: { reads: ['user-types'] },
    queryFn: ({ signal }) => listUserTypes(signal),
  });

export const useUserTypeOptions = (enabled = true) => useQuery({ ...userTypesQueryOptions(), enabled });
