import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PassportStatus } from '@app/shared/auth/passport';
import { api } from '@/lib/api-client';

/** The signed-in person's passport: linked, active, since when deactivated, and the passport's address. */
export const getPassportStatus = () =>
  // The /passport page decides what a failure means (back to the sign-in page), not the client.
  api.get<PassportStatus>('/auth/passport/status', { handleErrors: false });

export const passportStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['passport-status'],
    queryFn: getPassportStatus,
    // Asked again each time /passport opens (the side menu's entry "re-checks passport status").
    staleTime: 0,
    gcTime: 0,
  });

export const usePassportStatus = (enabled: boolean) => useQuery({ ...passportStatusQueryOptions(), enabled });
