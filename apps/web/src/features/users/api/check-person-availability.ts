import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability, UniquePersonField } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export type AvailabilityCheck = {
  field: UniquePersonField;
  value: string;
  phone_code?: string;
  exclude_id?: string;
};

// A failed check is not worth a toast while typing: the server checks again on save.
export const checkPersonAvailability = (check: AvailabilityCheck, signal?: AbortSignal) =>
  api.get<Availability>('/people/availability', { params: check, signal, handleErrors: false });

export const personAvailabilityQueryOptions = (check: AvailabilityCheck) =>
  queryOptions({
    queryKey: [...peopleRootKey, 'availability', check],
    queryFn: ({ signal }) => checkPersonAvailability(check, signal),
    staleTime: 10_000,
  });

export const usePersonAvailability = (check: AvailabilityCheck | null) =>
  useQuery({ ...personAvailabilityQueryOptions(check ?? { field: 'email', value: '' }), enabled: check !== null });
