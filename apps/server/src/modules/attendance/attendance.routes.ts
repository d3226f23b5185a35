import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicableReasonsQuerySchema,
  applicableReasonsSchema,
  attendanceModeBodySchema,
  attendanceModeNameQuerySchema,
  attendanceModeSchema,
  attendanceReasonBodySchema,
  attendanceReasonSchema,
  bulkAttendanceCodeBodySchema,
  bulkAttendanceCodeResponseSchema,
  listAttendanceModesQuerySchema,
  modeReasonsSchema,
  nameAvailabilitySchema,
  nameRefSchema,
} from '@app/shared/attendance/schemas';
import { idParam, listResponse } from '@app/shared/http/paging';
import { requireAccess } from '../../plugins/auth';
import {
  changeMode,
  changeReason,
  checkModeName,
  createMode,
  createReason,
  getApplicableReasons,
  getMode,
  getReason,
  getSiteOptions,
  listCompanyModes,
  listModeReasons,
  removeMode,
  removeReason,
  setReasonCodes,
} from './attendance.service';

const READ = { access: { permission: 'show_attendance_modes' as const } };
const WRITE_MODE = { access: { permission: 'add_attendance_mode' as const } };
const WRITE_REASON = { access: { permission: 'add_reason' as const } };
// Asked while signing a person in or out on the dashboard.
const SIGN_IN = { access: { permission: 'dashboard' as const } };

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['attendance'];

  app.get(
    '/attendance-modes',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Attendance modes serving the caller’s sites, with their sites, reasons and journeys',
        querystring: listAttendanceModesQuerySchema,
        response: { 200: listResponse(attendanceModeSchema) },
      },
    },
    async (req) => listCompanyModes(app, requireAccess(req), req.query),
  );
  app.get(
    '/attendance-modes/availability',
    {
      config: WRITE_MODE,
      schema: {
        tags,
        summary: 'Whether a mode name is free in the company (checked while it is typed)',
        querystring: attendanceModeNameQuerySchema,
        response: { 200: nameAvailabilitySchema },
      },
    },
    async (req) => checkModeName(app, requireAccess(req), req.lang, req.query),
  );
  app.get(
    '/attendance-modes/site-options',
    {
      config: WRITE_MODE,
      schema: {
        tags,
        summary: 'The sites the caller may give a mode, by name',
        response: { 200: z.object({ data: z.array(nameRefSchema) }) },
      },
    },
    async (req) => ({ data: await getSiteOptions(app, requireAccess(req)) }),
  );
  app.get(
    '/attendance-modes/applicable-reasons',
    {
      config: SIGN_IN,
      schema: {
        tags,
        summary: 'The reasons to ask for a sign-in or sign-out at a moment, on the company’s wall clock',
        description:
          'Late sign-in reasons when signing in, early sign-out reasons when signing out: those whose range holds the moment, on a day of their mode and outside its allowance. One is preselected when exactly one applies; with several the person picks.',
        querystring: applicableReasonsQuerySchema,
        response: { 200: applicableReasonsSchema },
      },
    },
    async (req) => getApplicableReasons(app, requireAccess(req), req.query),
  );
  app.post(
    '/attendance-modes',
    {
      config: WRITE_MODE,
      schema: {
        tags,
        summary: 'Add an attendance mode',
        body: attendanceModeBodySchema,
        response: { 201: attendanceModeSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createMode(app, requireAccess(req), req.body)),
  );
  app.get(
    '/attendance-modes/:id',
    {
      config: READ,
      schema: { tags, summary: 'One attendance mode', params: idParam, response: { 200: attendanceModeSchema } },
    },
    async (req) => getMode(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/attendance-modes/:id',
    {
      config: WRITE_MODE,
      schema: {
        tags,
        summary: 'Change an attendance mode',
        description: 'Sites outside the caller’s own stay. New hours must keep every reason of the mode inside.',
        params: idParam,
        body: attendanceModeBodySchema,
        response: { 200: attendanceModeSchema },
      },
    },
    async (req) => changeMode(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/attendance-modes/:id',
    {
      config: WRITE_MODE,
      schema: {
        tags,
        summary: 'Delete an attendance mode with its reasons',
        description: 'Refused (422) while a journey flow uses the mode; the message names the journeys.',
        params: idParam,
      },
    },
    async (req, reply) => {
      await removeMode(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/attendance-modes/:id/reasons',
    {
      config: READ,
      schema: {
        tags,
        summary: 'A mode’s reasons, late sign-in first, in time order',
        params: idParam,
        response: { 200: modeReasonsSchema },
      },
    },
    async (req) => listModeReasons(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/attendance-modes/:id/reasons',
    {
      config: WRITE_REASON,
      schema: {
        tags,
        summary: 'Add a reason to a mode',
        description:
          'The name is unique in the mode; the range [start, start + duration) lies inside the mode’s hours and does not overlap another reason of the same type.',
        params: idParam,
        body: attendanceReasonBodySchema,
        response: { 201: attendanceReasonSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createReason(app, requireAccess(req), req.params.id, req.body)),
  );
  app.put(
    '/attendance-reasons/attendance-codes',
    {
      config: WRITE_REASON,
      schema: {
        tags,
        summary: 'Give several reasons one attendance code (or none)',
        body: bulkAttendanceCodeBodySchema,
        response: { 200: bulkAttendanceCodeResponseSchema },
      },
    },
    async (req) => setReasonCodes(app, requireAccess(req), req.body),
  );
  app.get(
    '/attendance-reasons/:id',
    {
      config: READ,
      schema: { tags, summary: 'One reason', params: idParam, response: { 200: attendanceReasonSchema } },
    },
    async (req) => getReason(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/attendance-reasons/:id',
    {
      config: WRITE_REASON,
      schema: {
        tags,
        summary: 'Change a reason',
        params: idParam,
        body: attendanceReasonBodySchema,
        response: { 200: attendanceReasonSchema },
      },
    },
    async (req) => changeReason(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/attendance-reasons/:id',
    {
      config: WRITE_REASON,
      schema: { tags, summary: 'Delete a reason', params: idParam },
    },
    async (req, reply) => {
      await removeReason(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
