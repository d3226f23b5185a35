import type { FixResult } from '../api/fix-temp-user-error';

/**
 * Spec §8 "Fix results show the server message as success or error depending on the action flag":
 * the toast a fix's answer gives, and whether the record left the list it was fixed from.
 */
export function fixOutcome(result: Pick<FixResult, 'action' | 'message' | 'user'>, from: 'error' | 'duplicate') {
  return {
    tone: result.action ? ('success' as const) : ('error' as const),
    message: result.message,
    left: result.action && (result.user === null || result.user.state !== from),
  };
}
