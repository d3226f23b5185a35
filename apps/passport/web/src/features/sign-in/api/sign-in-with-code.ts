import { signInResponse } from '@app/shared/passport/schemas';
import { apiJson } from '../../../lib/api-client';

/** POST /api/sign-in/otp: the second step, with a 6-digit code or a recovery code. */
export async function signInWithCode(code: string): Promise<void> {
  await apiJson('POST', '/sign-in/otp', signInResponse, { code }, { unauthorizedIsAnswer: true });
}
