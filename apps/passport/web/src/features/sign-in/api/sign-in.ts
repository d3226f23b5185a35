import { signInResponse, type PassportSignInResponse } from '@app/shared/passport/schemas';
import { apiJson } from '../../../lib/api-client';

/** POST /api/sign-in: signed in, or a code from the authenticator app comes next. */
export function signIn(body: { email: string; password: string }): Promise<PassportSignInResponse> {
  return apiJson('POST', '/sign-in', signInResponse, body, { unauthorizedIsAnswer: true });
}
