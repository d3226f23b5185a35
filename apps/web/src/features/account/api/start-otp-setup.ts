import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { otpSetupResponseSchema } from '@app/shared/auth/schemas';
import { api } from '@/lib/api-client';

export type OtpSetup = z.infer<typeof otpSetupResponseSchema>;

export const startOtpSetup = () => api.post<OtpSetup>('/me/otp/setup');

export const useStartOtpSetup = () => useMutation({ mutationFn: startOtpSetup });
