import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@app/shared/constants';
import { idParam } from '@app/shared/http/paging';
import { PHOTO_FIELD } from '@app/shared/people/schemas';
import {
  screeningDecisionBodySchema,
  screeningSchema,
  screeningsListSchema,
  screeningsQuerySchema,
  WATCHLIST_CSV_COLUMNS,
  watchlistEntryBodySchema,
  watchlistEntrySchema,
  watchlistImportResultSchema,
  watchlistListSchema,
  watchlistQuerySchema,
  watchlistSettingsBodySchema,
  watchlistSettingsSchema,
} from '@app/shared/watchlist/schemas';
import { sendStoredFile } from '../../lib/file-serving';
import { readSingleFile } from '../../lib/uploads';
import { requireAccess } from '../../plugins/auth';
import { importWatchlist } from './watchlist-import';
import { decideScreening, listWatchlistScreenings } from './watchlist-review.service';
import {
  changeWatchlistEntry,
  createWatchlistEntry,
  getWatchlistEntry,
  getWatchlistSettings,
  listWatchlist,
  readWatchlistPhoto,
  removeWatchlistEntry,
  saveWatchlistSettings,
  setWatchlistPhoto,
} from './watchlist.service';

const WATCHLIST = { access: { permission: 'watchlist' as const, noClientToken: true } };
const CSV_MAX_BYTES = 5 * 1024 * 1024;

/** The watchlist (issue 29, decision 051): its entries, settings, import, and the screenings with their decisions. */
export const watchlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['watchlist'];
  app.get(
    '/watchlist',
    {
      config: WATCHLIST,
      schema: {
        tags,
        summary:
          'The watchlist’s entries by name, filtered by level and a search of names, aliases, email, phone and company',
        querystring: watchlistQuerySchema,
        response: { 200: watchlistListSchema },
      },
    },
    async (req) => listWatchlist(app, requireAccess(req), req.query),
  );
  app.post(
    '/watchlist',
    {
      config: WATCHLIST,
      schema: {
        tags,
        summary: 'Add an entry',
        body: watchlistEntryBodySchema,
        response: { 201: watchlistEntrySchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createWatchlistEntry(app, requireAccess(req), req.body)),
  );
  app.get(
    '/watchlist/settings',
    {
      config: WATCHLIST,
      schema: {
        tags,
        summary: 'How alike names must be to match (60–100), and the people told of matches',
        response: { 200: watchlistSettingsSchema },
      },
    },
    async (req) => getWatchlistSettings(app, requireAccess(req)),
  );
  app.put(
    '/watchlist/settings',
    {
      config: WATCHLIST,
      schema: {
        tags,
        summary: 'Save the screening settings',
        body: watchlistSettingsBodySchema,
        response: { 200: watchlistSettingsSchema },
      },
    },
    async (req) => saveWatchlistSettings(app, requireAccess(req), req.body),
  );
  app.post(
    '/watchlist/import',
    {
      config: WATCHLIST,
      schema: {
        tags,
        summary: `Add entries from a CSV file (multipart field file; header row with ${WATCHLIST_CSV_COLUMNS.join(', ')}; aliases separated by ;)`,
        consumes: ['multipart/form-data'],
        response: { 200: watchlistImportResultSchema },
      },
    },
    async (req) => {
      const ctx = requireAccess(req);
      const data = await readSingleFile(req, 'file', CSV_MAX_BYTES);
      return importWatchlist(app, ctx, data, req.lang);
    },
  );
  app.get(
    '/watchlist/screenings',
    {
      config: WATCHLIST,
      schema: {
        tags,
        summary: 'The screenings that found an entry, newest first, with why each matched and what came of it',
        querystring: screeningsQuerySchema,
        response: { 200: screeningsListSchema },
      },
    },
    async (req) => listWatchlistScreenings(app, requireAccess(req), req.query),
  );
  app.post(
    '/watchlist/screenings/:id/decision',
    {
      config: WATCHLIST,
      schema: {
        tags,
        summary:
          'Decide a screening: approve a waiting review (until the end of the company’s day), reject it, or mark it not a match (remembered for the person and entry)',
        params: idParam,
        body: screeningDecisionBodySchema,
        response: { 200: screeningSchema },
      },
    },
    async (req) => decideScreening(app, requireAccess(req), req.params.id, req.body),
  );
  app.get(
    '/watchlist/:id',
    {
      config: WATCHLIST,
      schema: { tags, summary: 'One entry', params: idParam, response: { 200: watchlistEntrySchema } },
    },
    async (req) => getWatchlistEntry(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/watchlist/:id',
    {
      config: WATCHLIST,
      schema: {
        tags,
        summary: 'Change an entry (every field replaced)',
        params: idParam,
        body: watchlistEntryBodySchema,
        response: { 200: watchlistEntrySchema },
      },
    },
    async (req) => changeWatchlistEntry(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/watchlist/:id',
    {
      config: WATCHLIST,
      schema: { tags, summary: 'Remove an entry; its screenings stay, naming it', params: idParam },
    },
    async (req, reply) => {
      await removeWatchlistEntry(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
  app.put(
    '/watchlist/:id/photo',
    {
      config: WATCHLIST,
      schema: {
        tags,
        summary: `Upload the entry’s photo (multipart field ${PHOTO_FIELD}; png/jpg, stored re-encoded)`,
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: watchlistEntrySchema },
      },
    },
    async (req) => {
      const ctx = requireAccess(req);
      const data = await readSingleFile(req, PHOTO_FIELD, LIMITS.photo.maxBytes);
      return setWatchlistPhoto(app, ctx, req.params.id, data);
    },
  );
  app.get(
    '/watchlist/:id/photo',
    {
      config: WATCHLIST,
      schema: {
        tags,
        summary: 'The entry’s photo',
        params: idParam,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (req, reply) => {
      const photo = await readWatchlistPhoto(app, requireAccess(req), req.params.id);
      const cache = req.query.v === photo.version ? 'private, max-age=31536000, immutable' : 'private, no-cache';
      return sendStoredFile(reply, photo.data, { name: photo.name, cache });
    },
  );
};
