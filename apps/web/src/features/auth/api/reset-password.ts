import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordBodySchema } from '@app/shared/auth/schemas';
import { api } from '@/lib/api-client';

export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const resetPassword = (body: ResetPasswordBody) =>
  api.post<{ ok: true }>('/auth/reset-password', body, { handleErrors: false });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
