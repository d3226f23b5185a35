import { useState } from 'react';
import { describeSignInError, type SignInError } from '../utils/sign-in-error';
import { useCountdown } from './use-countdown';

/** The error a sign-in step shows, and whether throttling still blocks the next attempt. */
export function useSignInFeedback() {
  const [error, setError] = useState<SignInError | null>(null);
  const countdown = useCountdown();

  const report = (cause: unknown) => {
    const described = describeSignInError(cause);
    setError(described);
    if (described.kind === 'throttled') countdown.start(described.seconds);
  };

  return {
    error,
    remaining: countdown.remaining,
    blocked: countdown.remaining > 0,
    report,
    clear: () => setError(null),
  };
}

export type SignInFeedback = ReturnType<typeof useSignInFeedback>;
