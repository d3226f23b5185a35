import { useMutation } from '@tanstack/react-query';
import type { PassportExchangeResponse } from '@app/shared/auth/passport';
import { api } from '@/lib/api-client';

/** Reactivates the deactivated passport the code came from, then answers as the exchange does. */
export const reactivatePassport = (code: string) =>
  api.post<PassportExchangeResponse>('/auth/passport/reactivate', { code }, { handleErrors: false });

export const useReactivatePassport = () => useMutation({ mutationFn: reactivatePassport });
