import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceReportOptionsSchema, kioskLogsListSchema, kioskLogsQuerySchema } from '@app/shared/reports/kiosk-logs';
import { requireAccess } from '../../../plugins/auth';
import { getDeviceReportOptions, listKioskLogs } from './kiosk-logs.service';

const KIOSK_LOGS = { access: { permission: 'show_kiosk_logs_list' as const } };
const EITHER = { access: { permission: ['show_kiosk_logs_list', 'show_printer_list'] as const } };

export const kioskLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/kiosk-logs',
    {
      config: KIOSK_LOGS,
      schema: {
        tags: ['reports'],
        summary: 'Kiosk logs: what each kiosk did and reported, newest first',
        description:
          'Added, renamed, settings changed, moved, app version changed, came online, went offline, people signed in and out on it, deregistered. Days on the company’s clock (both included; without them the last 30 days), kiosk, site and kind; pages by `cursor` (keyset) or `page`.',
        querystring: kioskLogsQuerySchema,
        response: { 200: kioskLogsListSchema },
      },
    },
    async (req) => listKioskLogs(app, requireAccess(req), req.query),
  );
  app.get(
    '/reports/devices/options',
    {
      config: EITHER,
      schema: {
        tags: ['reports'],
        summary: 'What the print queue’s and kiosk logs’ filters offer: sites and kiosks within the reader’s sites',
        response: { 200: deviceReportOptionsSchema },
      },
    },
    async (req) => getDeviceReportOptions(app, requireAccess(req)),
  );
};
