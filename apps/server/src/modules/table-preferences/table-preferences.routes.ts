import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  saveTablePreferenceBodySchema,
  tablePreferenceParamsSchema,
  tablePreferenceSchema,
} from '@app/shared/table-preferences/schemas';
import { requireAccess } from '../../plugins/auth';
import { getTablePreference, resetTablePreference, saveTablePreference } from './table-preferences.service';

// Any signed-in member of the session company, whatever their role: each only ever reads and writes
// their own rows. API tokens act for no person, so they have no preferences.
const MEMBER = { access: { auth: 'entity' as const, noClientToken: true } };

export const tablePreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['table preferences'];
  app.get(
    '/table-preferences/:pageUrl',
    {
      config: MEMBER,
      schema: {
        tags,
        summary: "The signed-in member's saved grid state for a page, or the empty preference on a first visit",
        params: tablePreferenceParamsSchema,
        response: { 200: tablePreferenceSchema },
      },
    },
    async (req) => getTablePreference(app, requireAccess(req), req.params.pageUrl),
  );
  app.put(
    '/table-preferences/:pageUrl',
    {
      config: MEMBER,
      schema: {
        tags,
        summary: "Save the signed-in member's grid state for a page (columns, widths, filters, sorting, page size)",
        params: tablePreferenceParamsSchema,
        body: saveTablePreferenceBodySchema,
        response: { 200: tablePreferenceSchema },
      },
    },
    async (req) => saveTablePreference(app, requireAccess(req), req.params.pageUrl, req.body),
  );
  app.delete(
    '/table-preferences/:pageUrl',
    {
      config: MEMBER,
      schema: {
        tags,
        summary: "Reset the signed-in member's grid for a page to its defaults",
        params: tablePreferenceParamsSchema,
      },
    },
    async (req, reply) => {
      await resetTablePreference(app, requireAccess(req), req.params.pageUrl);
      return reply.status(204).send();
    },
  );
};
