import type { LoginResult } from '@app/shared/auth/schemas';
import { homePathFor } from '@/config/paths';
import { saveLoginResult } from '@/lib/session';

/**
 * Keeps the session and opens the package's home (or `next`, the page asked for before signing in)
 * with a full load, so every part of the app starts from it.
 */
export function finishSignIn(result: LoginResult, next?: string | null) {
  saveLoginResult(result);
  window.location.assign(next ?? homePathFor(result.entity.package));
}
