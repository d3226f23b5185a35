import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { otpEnableResponseSchema } from '@app/shared/auth/schemas';
import { api } from '@/lib/api-client';

export type OtpEnableResult = z.infer<typeof otpEnableResponseSchema>;

// A wrong code or throttling is answered next to the field rather than by the app-wide error handling.
export const enableOtp = (code: string) =>
  api.post<OtpEnableResult>('/me/otp/enable', { code }, { handledByCaller: [400, 422, 429] });

export const useEnableOtp = () => useMutation({ mutationFn: enableOtp });
