import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  capacityApprovalParams,
  capacityApprovalSchema,
  capacityDecisionBodySchema,
  capacitySettingsBodySchema,
  capacitySettingsSchema,
  capacityApprovalListSchema,
  listCapacityApprovalsQuerySchema,
  occupancySchema,
} from '@app/shared/capacity/schemas';
import { requireAccess } from '../../plugins/auth';
import {
  decideCapacityApproval,
  getCapacitySettings,
  getOccupancy,
  listCapacityApprovals,
  saveCapacitySettings,
} from './capacity.service';

const DASHBOARD = { access: { permission: 'dashboard' as const } };
/** Limits are set, and full places let past, by who manages sites. */
const SITES = { access: { permission: 'sites_devices' as const } };

/** Live capacity per site and area (issue 29, decision 054). */
export const capacityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['capacity'];
  app.get(
    '/occupancy',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Each site and area now: people on site against its capacity, today’s visitors against its limit',
        response: { 200: occupancySchema },
      },
    },
    async (req) => getOccupancy(app, requireAccess(req)),
  );
  app.get(
    '/capacity/settings',
    {
      config: { access: { permission: ['dashboard', 'sites_devices'] as const } },
      schema: {
        tags,
        summary: 'What a full place does, when a place reads nearing, and whose visits count toward daily limits',
        response: { 200: capacitySettingsSchema },
      },
    },
    async (req) => getCapacitySettings(app, requireAccess(req)),
  );
  app.put(
    '/capacity/settings',
    {
      config: SITES,
      schema: {
        tags,
        summary: 'Save the capacity settings',
        body: capacitySettingsBodySchema,
        response: { 200: capacitySettingsSchema },
      },
    },
    async (req) => saveCapacitySettings(app, requireAccess(req), req.body),
  );
  app.get(
    '/capacity/approvals',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Requests to come in past a full place (waiting by default), newest first',
        querystring: listCapacityApprovalsQuerySchema,
        response: { 200: capacityApprovalListSchema },
      },
    },
    async (req) => listCapacityApprovals(app, requireAccess(req), req.query),
  );
  app.post(
    '/capacity/approvals/:id/decision',
    {
      config: SITES,
      schema: {
        tags,
        summary: 'Let the person in at that area once today (approve), or keep them out (reject)',
        params: capacityApprovalParams,
        body: capacityDecisionBodySchema,
        response: { 200: capacityApprovalSchema },
      },
    },
    async (req) => decideCapacityApproval(app, requireAccess(req), req.params.id, req.body),
  );
};
