import { mailSentResponse, type SignUpBody } from '@app/shared/passport/schemas';
import { apiJson } from '../../../lib/api-client';

/** POST /api/sign-up: always "mail sent", whoever the address belongs to. */
export async function signUp(body: SignUpBody): Promise<void> {
  await apiJson('POST', '/sign-up', mailSentResponse, body, { unauthorizedIsAnswer: true });
}
