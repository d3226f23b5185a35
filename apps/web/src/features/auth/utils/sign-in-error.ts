import { ApiError } from '@/lib/api-client';

export type SignInError =
  | { kind: 'hidden' }
  | { kind: 'unknown' }
  | { kind: 'throttled'; code: string; seconds: number }
  | { kind: 'message'; message: string };

const THROTTLE_CODES = ['too_many_login_attempts', 'sign_in_paused', 'too_many_otp_attempts'];

/**
 * What a failed sign-in step shows (spec §8): the server's message, except the 'pending' answer,
 * and throttling as a wait time that counts down.
 */
export function describeSignInError(error: unknown): SignInError {
  if (!(error instanceof ApiError)) return { kind: 'unknown' };
  if (error.status === 429) {
    const code = THROTTLE_CODES.includes(error.code) ? error.code : 'too_many_requests';
    return { kind: 'throttled', code, seconds: Math.max(1, Math.ceil(error.retryAfter ?? 60)) };
  }
  const message = error.message.trim();
  if (message === '') return { kind: 'unknown' };
  if (message.toLowerCase() === 'pending') return { kind: 'hidden' };
  return { kind: 'message', message: error.message };
}
