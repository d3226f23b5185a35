import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteUserSessions } from '../auth/sessions.repository';
import { usersOfPassport } from './passport-sign-in.repository';

/**
 * A person turned two-step on in their passport (spec §4 "Two-step authentication": enabled elsewhere,
 * it logs the user out). Every node hears the notice; the one whose delete finds the sessions tells their
 * open pages (`updateUserTwoStepAuth`) and closes their sockets, so each page hears it once.
 */
export const passportTwoStepNotice = fp(async (app: FastifyInstance) => {
  const stop = await app.db.listen('passport_two_step', {
    notice: (passportId) => {
      void endDashboardSessions(app, passportId).catch((err: unknown) =>
        app.log.error({ err }, 'ending sessions after passport two-step failed'),
      );
    },
    lost: () => undefined,
    ready: () => undefined,
  });
  app.addHook('onClose', async () => stop());
});

export async function endDashboardSessions(app: FastifyInstance, passportId: string) {
  for (const userId of await usersOfPassport(app.db.db, passportId)) {
    const ended = await deleteUserSessions(app.db.db, userId);
    if (ended.length === 0) continue;
    app.realtime.toUser(userId, 'updateUserTwoStepAuth', { isOtpEnabled: true, user_id: userId });
    app.realtime.closeSessions(ended);
  }
}
