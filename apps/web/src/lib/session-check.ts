// The check of a stored login result: the shared login result schema, without the CSRF token, plus
// the company id. Loaded only when a sign-in is stored (lib/session.ts), so a visitor's first page
// carries no zod.
import { loginResultSchema } from '@app/shared/auth/schemas';
import type { StoredSession } from './session';

const storedSessionSchema = loginResultSchema
  .omit({ csrf_token: true })
  .extend({ entity_id: loginResultSchema.shape.entity.shape.id });

/** The stored login result when it has the shape this build expects, else null (signed out). */
export function checkStoredSession(value: unknown): StoredSession | null {
  const result = storedSessionSchema.safeParse(value);
  return result.success ? result.data : null;
}
