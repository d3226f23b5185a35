import type { FastifyInstance } from 'fastify';
import { lt, or, sql, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResets, sessions, throttles } from '../../db/schema/index';
import { purgeLoginDevices } from './login-devices.repository';

const EVERY_MS = 60 * 60 * 1000;

/** Removes ended sessions, spent reset links, finished throttle windows and expired devices; returns the ended sessions. */
export async function purgeExpiredAuthRows(db: Executor): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ id: sessions.id });
  await db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, sql`now()`), isNotNull(passwordResets.usedAt)));
  await db.delete(throttles).where(lt(throttles.resetAt, sql`now()`));
  await purgeLoginDevices(db);
  return ended.map((s) => s.id);
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
