import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HolderProfile } from '@app/shared/passport/holder-profile';
import { api } from '@/lib/api-client';
import { preRegistrationRootKey } from './pre-registration-query-key';

// The holder's own details, with the holder token the passport's /share page gave this page (decision
// 047). The form explains a refused token itself (it offers the passport again): no error page.
export const getPassportProfile = (token: string, signal?: AbortSignal) =>
  api.get<HolderProfile>('/passport-holder/profile', {
    headers: { authorization: `Bearer ${token}` },
    handleErrors: false,
    signal,
  });

export const passportProfileQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...preRegistrationRootKey, 'passport-profile', token],
    queryFn: ({ signal }) => getPassportProfile(token, signal),
    // Read once for the one fill it serves; a refused token is not tried again, nor kept once unused.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const usePassportProfile = (token: string | null) =>
  useQuery({ ...passportProfileQueryOptions(token ?? ''), enabled: token !== null });
