import type { FastifyInstance } from 'fastify';
import { lt, or, sql, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  oidcPayloads,
  passportEmailTokens,
  passportOneTimeCodes,
  passportSessions,
  passportSignInRequests,
  passwordResets,
  sessions,
  throttles,
} from '../../db/schema/index';
import { sweepQrUses } from '../passport-trust/qr-identity';
import { purgeLoginDevices } from './login-devices.repository';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Removes ended sessions, spent reset links, finished throttle windows, expired devices and the passport's
 * spent rows; returns the ended sessions.
 */
export async function purgeExpiredAuthRows(db: Executor): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ id: sessions.id });
  await db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, sql`now()`), isNotNull(passwordResets.usedAt)));
  await db.delete(throttles).where(lt(throttles.resetAt, sql`now()`));
  await purgeLoginDevices(db);
  await purgePassportRows(db);
  return ended.map((s) => s.id);
}

/**
 * The passport's (decision 047): sign-ins never finished, spent or expired codes and links, ended sessions,
 * and the provider's expired grants, codes and tokens.
 */
async function purgePassportRows(db: Executor) {
  const now = sql`now()`;
  await db.delete(passportSignInRequests).where(lt(passportSignInRequests.expiresAt, now));
  await db
    .delete(passportOneTimeCodes)
    .where(or(lt(passportOneTimeCodes.expiresAt, now), isNotNull(passportOneTimeCodes.usedAt)));
  await db
    .delete(passportEmailTokens)
    .where(or(lt(passportEmailTokens.expiresAt, now), isNotNull(passportEmailTokens.usedAt)));
  await db.delete(passportSessions).where(lt(passportSessions.expiresAt, now));
  await sweepQrUses(db);
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, now));
}

export function scheduleAuthHousekeeping(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      purgeExpiredAuthRows(app.db.db)
        .then((ended) => app.realtime.closeSessions(ended))
        .catch((err: unknown) => app.log.error({ err }, 'auth housekeeping failed'));
    }, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
