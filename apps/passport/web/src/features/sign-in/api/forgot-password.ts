import { apiSend } from '../../../lib/api-client';

/** POST /api/forgot-password: a reset link by mail (the same answer whatever the address). */
export function forgotPassword(email: string): Promise<void> {
  return apiSend('POST', '/forgot-password', { email }, { unauthorizedIsAnswer: true });
}
