import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /auth/check-password (spec `check_password`): the admin's password, checked before a deletion
 * starts, so a typing mistake is told under the field rather than after a refused deletion. A wrong
 * password or throttling is answered in the dialog.
 */
export const checkPassword = (password: string) =>
  api.post<void>('/auth/check-password', { password }, { handledByCaller: [400, 422, 429] });

export const useCheckPassword = () => useMutation({ mutationFn: checkPassword });
