import type { LoginResult } from '@app/shared/auth/schemas';
import { homePathFor } from '@/config/paths';
import { saveLoginResult } from '@/lib/session';

/** Keeps the session and opens the package's home with a full load, so every part of the app starts from it. */
export function finishSignIn(result: LoginResult) {
  saveLoginResult(result);
  window.location.assign(homePathFor(result.entity.package));
}
