import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendanceCodeEditSchema,
  attendanceCodesSchema,
  editScansBodySchema,
  ignoreScansBodySchema,
  scanListSchema,
  scansChangedSchema,
  scansQuerySchema,
} from '@app/shared/integrations/schemas';
import { idParam } from '@app/shared/http/paging';
import { requireAccess } from '../../plugins/auth';
import {
  attendanceCodes,
  editAttendanceCodes,
  editScans,
  ignoreScans,
  listScans,
  sendScansNow,
} from './write-back.service';

// Spec §7: writeBack scans, sync scans, get_intgration_scancs_list, ignore_intgration_scancs,
// edit_intgration_scancs; the attendance codes of a school-data (Wonde) integration.

const ACCESS = { access: { permission: 'integration' as const } };

export const integrationScansRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['integrations'];

  app.get(
    '/integrations/:id/scans',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The sign-ins and sign-outs written back to the directory, latest first',
        params: idParam,
        querystring: scansQuerySchema,
        response: { 200: scanListSchema },
      },
    },
    async (req) => listScans(app, requireAccess(req), req.params.id, req.query),
  );
  app.put(
    '/integrations/:id/scans/ignore',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Never write these scans (those already sent stay sent)',
        params: idParam,
        body: ignoreScansBodySchema,
        response: { 200: scansChangedSchema },
      },
    },
    async (req) => ignoreScans(app, requireAccess(req), req.params.id, req.body.ids),
  );
  app.put(
    '/integrations/:id/scans/edit',
    {
      config: ACCESS,
      schema: {
        tags,
        summary:
          'Write these scans (not sent yet) with another of the directory’s attendance codes; they are tried again',
        params: idParam,
        body: editScansBodySchema,
        response: { 200: scansChangedSchema },
      },
    },
    async (req) => editScans(app, requireAccess(req), req.params.id, req.body.ids, req.body.attendanceCodeId),
  );
  app.post(
    '/integrations/:id/scans/send',
    {
      config: ACCESS,
      schema: { tags, summary: 'Send the pending scans now', params: idParam, response: { 200: scansChangedSchema } },
    },
    async (req) => sendScansNow(app, requireAccess(req), req.params.id),
  );
  app.get(
    '/integrations/:id/attendance-codes',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The directory’s attendance codes and the code each of the company’s reasons is written as',
        params: idParam,
        response: { 200: attendanceCodesSchema },
      },
    },
    async (req) => attendanceCodes(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/integrations/:id/attendance-codes',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Write the chosen reasons as a code (null: not written); present: the code of a plain sign-in',
        params: idParam,
        body: attendanceCodeEditSchema,
        response: { 200: attendanceCodesSchema },
      },
    },
    async (req) => editAttendanceCodes(app, requireAccess(req), req.params.id, req.body),
  );
};
