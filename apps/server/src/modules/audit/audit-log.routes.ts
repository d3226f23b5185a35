import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditLogListSchema,
  auditLogOptionsQuerySchema,
  auditLogOptionsSchema,
  auditLogQuerySchema,
} from '@app/shared/reports/audit-log';
import { requireAccess } from '../../plugins/auth';
import { getAuditLogOptions, listAuditLog } from './audit-log.service';

const COMPANY_DETAILS = { access: { permission: 'company_details' as const } };

export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      config: COMPANY_DETAILS,
      schema: {
        tags: ['audit log'],
        summary: 'The audit log: every recorded change, newest first, with its values before and after',
        description:
          'Days on the company’s clock (both included; without them the last 30 days), who made the change (`actor_user_id`), its `action`, and its target (`target_type`, `target_id`); pages by `cursor` (keyset) or `page`. Exported as the report `audit_log`.',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogListSchema },
      },
    },
    async (req) => listAuditLog(app, requireAccess(req), req.query),
  );
  app.get(
    '/audit-log/options',
    {
      config: COMPANY_DETAILS,
      schema: {
        tags: ['audit log'],
        summary:
          'What the audit log’s filters offer in a range: the members who made changes, actions and target types',
        querystring: auditLogOptionsQuerySchema,
        response: { 200: auditLogOptionsSchema },
      },
    },
    async (req) => getAuditLogOptions(app, requireAccess(req), req.query),
  );
};
