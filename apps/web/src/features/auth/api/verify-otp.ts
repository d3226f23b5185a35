import { useMutation } from '@tanstack/react-query';
import type { SignInResponse } from '@app/shared/auth/schemas';
import { api } from '@/lib/api-client';

export const verifyOtp = (code: string) =>
  api.post<SignInResponse>('/auth/otp/verify', { code }, { handleErrors: false });

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
