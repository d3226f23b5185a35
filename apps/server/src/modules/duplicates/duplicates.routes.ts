import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dismissBodySchema,
  duplicateScanSchema,
  duplicatesQuerySchema,
  duplicatesResponseSchema,
  mergeBodySchema,
  mergesQuerySchema,
  mergesResponseSchema,
  personMergeSchema,
} from '@app/shared/people/duplicates';
import { requireAccess } from '../../plugins/auth';
import { currentScan, dismissPair, listDuplicates, listMerges, requestScan } from './duplicates.service';
import { mergePeople } from './merge.service';

// Spec §7 `GET /get_users_duplicate/{entityId}` and `POST /merge_user`, the board of the settings menu
// (`user_settings`; decision 032). A dashboard tool: the company's API token is refused.
const BOARD = { access: { permission: 'user_settings' as const, noClientToken: true } };

export const duplicatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['duplicates'];

  app.get(
    '/people/duplicates',
    {
      config: BOARD,
      schema: {
        tags,
        summary: 'People who are probably the same, in pairs, likeliest first (the latest scan)',
        description:
          'Pairs whose two people are both in your scope; `reason` one kind of match, `search` a part of either name, company or email, `min_score` 0–100; keyset `cursor`. With the latest scan.',
        querystring: duplicatesQuerySchema,
        response: { 200: duplicatesResponseSchema },
      },
    },
    async (req) => listDuplicates(app, requireAccess(req), req.query),
  );

  app.get(
    '/people/duplicates/scan',
    {
      config: BOARD,
      schema: {
        tags,
        summary: 'The latest scan of the company for duplicates',
        response: { 200: z.object({ scan: duplicateScanSchema.nullable() }) },
      },
    },
    async (req) => ({ scan: await currentScan(app, requireAccess(req)) }),
  );

  app.post(
    '/people/duplicates/scan',
    {
      config: BOARD,
      schema: {
        tags,
        summary: 'Scan the company for duplicates now (the one already waiting or running, if any)',
        response: { 202: duplicateScanSchema },
      },
    },
    async (req, reply) => reply.status(202).send(await requestScan(app, requireAccess(req))),
  );

  app.post(
    '/people/duplicates/dismiss',
    {
      config: BOARD,
      schema: {
        tags,
        summary: 'Say the two people of a pair are different: no scan pairs them again',
        body: dismissBodySchema,
      },
    },
    async (req, reply) => {
      await dismissPair(app, requireAccess(req), req.body.pair_id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/people/merge',
    {
      config: BOARD,
      schema: {
        tags,
        summary: 'Merge one person into another',
        description:
          'Everything of `remove_id` (visits, compliance answers and documents, visit permits, labels, RFID card, QuickPasses, custom-field values, expected visits, sites, user types, host duties) moves to `keep_id`, whose empty details are filled from it; then `remove_id` is deleted. Refused (409) when both can sign in to the dashboard, 422 for the company owner’s record as `remove_id`.',
        body: mergeBodySchema,
        response: { 200: personMergeSchema },
      },
    },
    async (req) => mergePeople(app, requireAccess(req), req.body),
  );

  app.get(
    '/people/merges',
    {
      config: BOARD,
      schema: {
        tags,
        summary: 'The merges done, newest first: who was kept, who was removed as they were, and what moved',
        querystring: mergesQuerySchema,
        response: { 200: mergesResponseSchema },
      },
    },
    async (req) => listMerges(app, requireAccess(req), req.query),
  );
};
