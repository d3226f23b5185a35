import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserType } from '@app/shared/user-types/schemas';
import { api } from '@/lib/api-client';
import { integrationsRootKey } from './integration-query-keys';

export type UserTypeOption = Pick<UserType, 'id' | 'name'>;

/** The user types the caller manages, by name: what a directory group or a SCIM person becomes. */
// An admin of integrations without access to user types sees the settings fail in place.
export const listUserTypeOptions = (signal?: AbortSignal) =>
  api.get<{ data: UserType[] }>('/user-types', { signal, handledByCaller: [403] });

export const userTypeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...integrationsRootKey, 'user-type-options'],
    // Shows the company's user types: read again when they change (lib/data-tags.ts).
    meta: { reads: ['user-types'] },
    queryFn: ({ signal }) => listUserTypeOptions(signal),
    select: (answer): UserTypeOption[] => answer.data.map(({ id, name }) => ({ id, name })),
  });

export const useUserTypeOptions = () => useQuery(userTypeOptionsQueryOptions());
