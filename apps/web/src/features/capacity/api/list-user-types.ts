import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserType } from '@app/shared/user-types/schemas';
import { api } from '@/lib/api-client';

/** The company's user types, flat, by name; a member who may not list them is told so in place (403). */
export const listUserTypes = (signal?: AbortSignal) =>
  api.get<{ data: UserType[] }>('/user-types', { signal, handledByCaller: [403] });

export const userTypeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['user-types', 'capacity-options'],
    queryFn: ({ signal }) => listUserTypes(signal),
    select: (list) => list.data.map((type) => ({ value: type.id, label: type.name })),
  });

/** The user types to choose the visitors counted toward daily limits from, read while `enabled`. */
export const useUserTypeOptions = (enabled: boolean) => useQuery({ ...userTypeOptionsQueryOptions(), enabled });
