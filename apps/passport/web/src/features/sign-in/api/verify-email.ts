import { apiSend } from '../../../lib/api-client';

/** POST /api/verify-email: spends the mailed token; the person is signed in after it. */
export function verifyEmail(token: string): Promise<void> {
  return apiSend('POST', '/verify-email', { token }, { unauthorizedIsAnswer: true });
}
