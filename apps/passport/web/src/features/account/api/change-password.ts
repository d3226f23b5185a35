import { apiSend } from '../../../lib/api-client';

/** POST /api/me/password. A wrong current password is an answer, not a lost session. */
export function changePassword(body: { current_password: string; password: string }): Promise<void> {
  return apiSend('POST', '/me/password', body, { unauthorizedIsAnswer: true });
}
