import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { describeSignInError } from './sign-in-error';

const apiError = (status: number, code: string, message: string, retryAfter?: number) =>
  new ApiError({ status, code, message, retryAfter });

describe('describeSignInError', () => {
  it('shows the server message', () => {
    expect(describeSignInError(apiError(401, 'invalid_credentials', 'The email or password is not correct.'))).toEqual({
      kind: 'message',
      message: 'The email or password is not correct.',
    });
  });

  it('hides the pending answer (spec §8)', () => {
    expect(describeSignInError(apiError(401, 'invalid_credentials', 'pending'))).toEqual({ kind: 'hidden' });
    expect(describeSignInError(apiError(422, 'rule_violation', ' Pending '))).toEqual({ kind: 'hidden' });
  });

  it('turns throttling into a wait in whole seconds', () => {
    expect(describeSignInError(apiError(429, 'too_many_login_attempts', 'Wait.', 41.2))).toEqual({
      kind: 'throttled',
      code: 'too_many_login_attempts',
      seconds: 42,
    });
    expect(describeSignInError(apiError(429, 'too_many_otp_attempts', 'Wait.', 5))).toMatchObject({
      code: 'too_many_otp_attempts',
    });
    // An account paused for unknown browsers keeps its own wording (the emailed link).
    expect(describeSignInError(apiError(429, 'sign_in_paused', 'Paused.', 880))).toEqual({
      kind: 'throttled',
      code: 'sign_in_paused',
      seconds: 880,
    });
  });

  it('words unknown throttling codes generally and assumes a minute without a wait time', () => {
    expect(describeSignInError(apiError(429, 'http_429', 'Slow down.'))).toEqual({
      kind: 'throttled',
      code: 'too_many_requests',
      seconds: 60,
    });
  });

  it('has no message for failures that are not API answers', () => {
    expect(describeSignInError(new TypeError('boom'))).toEqual({ kind: 'unknown' });
    expect(describeSignInError(apiError(400, 'validation_failed', '  '))).toEqual({ kind: 'unknown' });
  });
});
