import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPassport } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';
import { preRegistrationRootKey } from './pre-registration-query-key';

// Where the public pages send a passport's holder (the expired link's "Open my Passport", the success
// page's "Back to my Passport"): from the server, never from the page's own address.
export const getPublicPassport = (signal?: AbortSignal) =>
  api.get<PublicPassport>('/public/passport', { handleErrors: false, signal });

export const publicPassportQueryOptions = () =>
  queryOptions({
    queryKey: [...preRegistrationRootKey, 'passport'],
    queryFn: ({ signal }) => getPublicPassport(signal),
    staleTime: Infinity,
  });

export const usePublicPassport = (enabled: boolean) => useQuery({ ...publicPassportQueryOptions(), enabled });
