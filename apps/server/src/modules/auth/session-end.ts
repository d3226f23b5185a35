import type { FastifyInstance } from 'fastify';
import { deleteSessions, deleteUserSessions } from './sessions.repository';

// A session ends in one of several ways (sign-out, the sessions list, a password change, two-step
// enrolment, revoked access, expiry); whichever it is, its open sockets close with it, on every node.

/** Ends these sessions and closes their sockets. */
export async function endSessions(app: FastifyInstance, ids: string[]): Promise<void> {
  const ended = await deleteSessions(app.db.db, ids);
  app.realtime.closeSessions(ended);
}

/** Ends a person's sessions (but one, when given) and closes their sockets. */
export async function endUserSessions(app: FastifyInstance, userId: string, exceptId?: string): Promise<void> {
  app.realtime.closeSessions(await deleteUserSessions(app.db.db, userId, exceptId));
}
