import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import type { SessionWithUser } from './sessions.repository';
import { throttleClear, throttleTake, type ThrottleRule } from './throttle.repository';

// A signed-in admin's password asked again before something that cannot be undone (spec §7
// `check_password`; the privacy manager's "Delete now" and a person's erasure, decision 033). At most
// CONFIRM_ATTEMPTS passwords are checked per window and account, counted before the password is looked
// at, so guesses sent at once cannot pass the limit; a right one clears the count.

export const CONFIRM_ATTEMPTS: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };

export async function confirmPassword(app: FastifyInstance, found: SessionWithUser, password: string) {
  const key = `password-confirm:${found.user.id}`;
  const slot = await throttleTake(app.db.db, key, CONFIRM_ATTEMPTS);
  if (!slot.allowed) {
    throw new AppError('too_many_password_attempts', {
      field: 'password',
      vars: { seconds: slot.waitSeconds },
      retryAfter: slot.waitSeconds,
    });
  }
  if (!(await verifyPassword(found.user.passwordHash, password))) {
    throw new AppError('current_password_incorrect', { field: 'password' });
  }
  await throttleClear(app.db.db, key);
}
