import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  quickPassesBodySchema,
  quickPassesResponseSchema,
  sendQuickPassesResponseSchema,
} from '@app/shared/quick-passes/schemas';
import { requireAccess } from '../../plugins/auth';
import { printQuickPasses, sendQuickPasses } from './quick-passes.service';

const USERS = { access: { permission: 'users' as const } };

export const quickPassesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['quick passes'];
  app.post(
    '/quick-passes',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Issue QuickPasses: records one per person and answers what to print',
        description:
          'Default people (“QuickPasses cannot be printed for default users”), archived and unknown people are skipped with their reason; only default people → 422.',
        body: quickPassesBodySchema,
        response: { 201: quickPassesResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await printQuickPasses(app, requireAccess(req), req.body.user_ids, req.lang)),
  );
  app.post(
    '/quick-passes/send',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Email people their QuickPass QR (send_quick_pass_intructions)',
        description: 'People without an email, default, archived and unknown people are skipped with their reason.',
        body: quickPassesBodySchema,
        response: { 200: sendQuickPassesResponseSchema },
      },
    },
    async (req) => sendQuickPasses(app, requireAccess(req), req.body.user_ids, req.lang),
  );
};
