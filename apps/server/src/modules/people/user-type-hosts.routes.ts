import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@app/shared/http/paging';
import { userTypeHostSchema, userTypeHostsBodySchema } from '@app/shared/people/schemas';
import { requireAccess } from '../../plugins/auth';
import { getUserTypeHosts, setUserTypeHosts } from './user-type-hosts.service';

export const userTypeHostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user types'];
  app.get(
    '/user-types/:id/hosts',
    {
      config: { access: { permission: 'show_user_types_list' } },
      schema: {
        tags,
        summary: "A user type's hosts (the people its visitors may visit)",
        params: idParam,
        response: { 200: z.array(userTypeHostSchema) },
      },
    },
    async (req) => getUserTypeHosts(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/user-types/:id/hosts',
    {
      config: { access: { permission: 'add_new_user_type' } },
      schema: {
        tags,
        summary: "Replace a user type's hosts",
        description: 'Hosts outside the caller’s sites and user types stay.',
        params: idParam,
        body: userTypeHostsBodySchema,
        response: { 200: z.array(userTypeHostSchema) },
      },
    },
    async (req) => setUserTypeHosts(app, requireAccess(req), req.params.id, req.body.person_ids),
  );
};
