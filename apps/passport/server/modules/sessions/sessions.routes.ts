import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionsResponse } from '@app/shared/passport/schemas';
import { AppError } from '../../platform';
import { signedIn } from './current-account';
import { deletePassportSession, listPassportSessions } from './sessions.repository';

export async function sessionsRoutes(app: FastifyInstance) {
  app.get('/api/sessions', { schema: { response: { 200: sessionsResponse } } }, async (req) => {
    const me = signedIn(req);
    const rows = await listPassportSessions(app.db.db, me.account.id);
    return {
      sessions: rows.map((s) => ({
        id: s.id,
        current: s.id === me.session.id,
        user_agent: s.userAgent,
        ip: s.ip,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
      })),
    };
  });

  app.delete(
    '/api/sessions/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(100) }) } },
    async (req, reply) => {
      const me = signedIn(req);
      const { id } = req.params as { id: string };
      if (!(await deletePassportSession(app.db.db, me.account.id, id))) throw new AppError('not_found');
      return reply.status(204).send();
    },
  );
}
