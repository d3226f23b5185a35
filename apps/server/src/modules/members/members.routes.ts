import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listResponse, pageQuery } from '@app/shared/http/paging';
import {
  changeMemberRoleBodySchema,
  memberSchema,
  roleSchema,
  updateRolePermissionsBodySchema,
} from '@app/shared/members/schemas';
import { requireAccess } from '../../plugins/auth';
import { changeMemberRole, listCompanyMembers, listRoles, updateRolePermissions } from './members.service';

const tags = ['members'];
const MANAGE = { access: { permission: 'manage_roles' as const } };

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles',
    {
      config: { access: { permission: 'company_details' } },
      schema: {
        tags,
        summary: "The company's roles and their permissions",
        response: { 200: z.object({ data: z.array(roleSchema) }) },
      },
    },
    async (req) => ({ data: await listRoles(app, requireAccess(req)) }),
  );

  app.put(
    '/roles/:id/permissions',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: "Set a role's allowed flags",
        params: z.object({ id: z.uuid() }),
        body: updateRolePermissionsBodySchema,
        response: { 200: roleSchema },
      },
    },
    async (req) => updateRolePermissions(app, requireAccess(req), req.params.id, req.body.permissions),
  );

  app.get(
    '/members',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'People with dashboard access in the company',
        querystring: pageQuery,
        response: { 200: listResponse(memberSchema) },
      },
    },
    async (req) => listCompanyMembers(app, requireAccess(req), req.query),
  );

  app.put(
    '/members/:id/role',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: "Change a member's role",
        params: z.object({ id: z.uuid() }),
        body: changeMemberRoleBodySchema,
        response: { 200: memberSchema },
      },
    },
    async (req) => changeMemberRole(app, requireAccess(req), req.params.id, req.body.role_id),
  );
};
