import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { invitationsResponse } from '@app/shared/passport/schemas';
import { signedIn } from '../sessions/current-account';
import { acceptPassportInvitation, listInvitations, rejectPassportInvitation } from './invitations.service';

const params = z.object({ id: z.uuid() });

export async function invitationsRoutes(app: FastifyInstance) {
  app.get('/api/invitations', { schema: { response: { 200: invitationsResponse } } }, async (req) => ({
    invitations: await listInvitations(app, signedIn(req)),
  }));

  // accept-invitation-from-cloud
  app.post('/api/invitations/:id/accept', { schema: { params } }, async (req, reply) => {
    await acceptPassportInvitation(app, signedIn(req), params.parse(req.params).id);
    return reply.status(204).send();
  });

  // reject-invitation-from-cloud
  app.post('/api/invitations/:id/reject', { schema: { params } }, async (req, reply) => {
    await rejectPassportInvitation(app, signedIn(req), params.parse(req.params).id);
    return reply.status(204).send();
  });
}
