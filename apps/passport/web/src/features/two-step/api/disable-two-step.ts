import { apiSend } from '../../../lib/api-client';

/** POST /api/two-step/disable: the password and a code (or a recovery code). */
export function disableTwoStep(body: { password: string; code: string }): Promise<void> {
  return apiSend('POST', '/two-step/disable', body, { unauthorizedIsAnswer: true });
}
