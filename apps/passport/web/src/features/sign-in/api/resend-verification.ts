import { mailSentResponse } from '@app/shared/passport/schemas';
import { apiJson } from '../../../lib/api-client';

/** POST /api/resend-verification: a new confirmation link (the same answer whatever the address). */
export async function resendVerification(email: string): Promise<void> {
  await apiJson('POST', '/resend-verification', mailSentResponse, { email }, { unauthorizedIsAnswer: true });
}
