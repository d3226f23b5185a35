import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const forgotPassword = (email: string) =>
  api.post<{ ok: true }>('/auth/forgot-password', { email }, { handleErrors: false });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
