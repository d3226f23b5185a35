import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// A wrong password or throttling is answered in the dialog rather than by the app-wide error handling.
export const disableOtp = (password: string) =>
  api.post<{ ok: true }>('/me/otp/disable', { password }, { handledByCaller: [400, 422, 429] });

export const useDisableOtp = () => useMutation({ mutationFn: disableOtp });
