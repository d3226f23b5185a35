// The check of a stored login result: the shared login result check, without the CSRF token, plus
// the company id. Loaded only when a sign-in is stored (lib/session.ts). It has no zod: every
// signed-in page waits for it before it shows.
import { checkEntityId, checkLoginResult } from '@app/shared/auth/login-result-check';
import type { StoredSession } from './session';

/** The stored login result when it has the shape this build expects, else null (signed out). */
export function checkStoredSession(value: unknown): StoredSession | null {
  const result = checkLoginResult(value);
  const entityId = checkEntityId((value as { entity_id?: unknown } | null)?.entity_id);
  return result && entityId ? { ...result, entity_id: entityId } : null;
}
