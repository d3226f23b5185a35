// The passport on the public pre-registration pages (decision 047; spec /link-expired with
// userHasPassport=true, /pre-registration/:id?/success with comingFromPassport=true): where it is, and
// whether a link's person has one.
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';
import { activePassportsByEmail } from '../passport-trust/verified-passports';

/**
 * The passport's address when this installation has one: run in this process, or named by
 * PASSPORT_URL where it runs as its own process (PASSPORT=false on the dashboard's nodes). Without
 * either, the default address is served by nobody, and the pages offer no passport.
 */
export const passportUrlOf = (env: Env): string | null =>
  env.PASSPORT === 'true' || env.PASSPORT_URL ? env.passportUrl : null;

/** An answer about a link, and its person's address until the company's transaction is over. */
export type LinkAnswer<T> = { answer: T; email: string | null };

/**
 * Completes `user_has_passport` once the company's transaction has ended: a person with no login
 * identity has a passport when their address is the verified address of an active passport account.
 * passport_accounts is global and not the tenant role's to read; inside the transaction the embedded
 * database's one connection is taken, so the read waits until after it.
 */
export async function withPassportFlag<T extends { user_has_passport: boolean }>(
  app: FastifyInstance,
  { answer, email }: LinkAnswer<T>,
): Promise<T> {
  if (answer.user_has_passport || !email) return answer;
  const passports = await activePassportsByEmail(app.db.db, [email.trim().toLowerCase()]);
  return { ...answer, user_has_passport: passports.size > 0 };
}
