import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@app/shared/http/paging';
import {
  announcementBodySchema,
  announcementClockSchema,
  announcementCreatedSchema,
  announcementDeletedSchema,
  announcementListSchema,
  announcementSchema,
  announcementTargetsSchema,
  listAnnouncementsQuerySchema,
} from '@app/shared/announcements/schemas';
import { requireAccess } from '../../plugins/auth';
import {
  announcementClock,
  announcementTargets,
  changeAnnouncement,
  createAnnouncement,
  getAnnouncement,
  listCompanyAnnouncements,
  removeAnnouncement,
} from './announcements.service';

// Spec §7 "Announcements": POST /announcement, GET /announcements/{entityId}, GET|PUT|DELETE
// /announcement/{id}. The company comes from the session, never from the path.
const READ = { access: { permission: 'announcements' as const } };
const WRITE = { access: { permission: 'add-announcement' as const } };

export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['announcements'];
  app.get(
    '/announcements',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Announcements by state (scheduled, active, expired or all), pinned first',
        querystring: listAnnouncementsQuerySchema,
        response: { 200: announcementListSchema },
      },
    },
    async (req) => listCompanyAnnouncements(app, requireAccess(req), req.query),
  );
  app.get(
    '/announcements/clock',
    {
      config: READ,
      schema: {
        tags,
        summary: "The company's time zone and the current minute on its clock",
        response: { 200: announcementClockSchema },
      },
    },
    async (req) => announcementClock(requireAccess(req)),
  );
  app.get(
    '/announcements/user-types',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'The user types the caller may address an announcement to',
        response: { 200: announcementTargetsSchema },
      },
    },
    async (req) => announcementTargets(app, requireAccess(req)),
  );
  app.post(
    '/announcements',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Add an announcement; its state then follows its publish and expiry times',
        body: announcementBodySchema,
        response: { 201: announcementCreatedSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createAnnouncement(app, requireAccess(req), req.body, req.lang)),
  );
  app.get(
    '/announcements/:id',
    {
      config: READ,
      schema: { tags, summary: 'One announcement', params: idParam, response: { 200: announcementSchema } },
    },
    async (req) => getAnnouncement(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/announcements/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change an announcement (every field)',
        params: idParam,
        body: announcementBodySchema,
        response: { 200: announcementSchema },
      },
    },
    async (req) => changeAnnouncement(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/announcements/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete an announcement',
        params: idParam,
        response: { 200: announcementDeletedSchema },
      },
    },
    async (req) => removeAnnouncement(app, requireAccess(req), req.params.id, req.lang),
  );
};
