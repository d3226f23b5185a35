import { apiSend } from '../../../lib/api-client';

/** POST /api/reset-password: the mailed token and the new password. */
export function resetPassword(body: { token: string; password: string }): Promise<void> {
  return apiSend('POST', '/reset-password', body, { unauthorizedIsAnswer: true });
}
