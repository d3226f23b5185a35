import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fixDuplicateBodySchema,
  fixErrorBodySchema,
  fixResultSchema,
  redirectTypeSchema,
  runListSchema,
  runParams,
  runSchema,
  startRunBodySchema,
  startRunResponseSchema,
  statisticsSchema,
  syncedUserListSchema,
  syncedUsersQuerySchema,
  tempUserListSchema,
  tempUserParams,
  tempUsersQuerySchema,
} from '@app/shared/integrations/schemas';
import { idParam, pageQuery } from '@app/shared/http/paging';
import { requireAccess } from '../../plugins/auth';
import {
  getRun,
  listIntegrationRuns,
  redirectType,
  startMigration,
  startSync,
  statistics,
} from './integration-flow.service';
import { integrationRunsEnded } from './integration-runs';
import { fixDuplicate, fixError, listSyncedUsers, listTempUsers } from './temp-users.service';

// Spec §7 "Integrations": sync (first, auto), sync job status, SyncLogs, redirect type, statistics,
// tempUsers valid, error and duplicate, fixError, fixDuplicate, migrateUsers.

const ACCESS = { access: { permission: 'integration' as const } };

export const integrationFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['integrations'];
  // Runs this process started with the job runner off end before the app closes.
  app.addHook('onClose', async () => integrationRunsEnded(app));

  app.post(
    '/integrations/:id/runs',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Read the directory now (a first sync before the migration, else a manual one); answers the run',
        description:
          'One run of an integration at a time: asking during one answers it. Allowed whatever the status (spec §4).',
        params: idParam,
        body: startRunBodySchema,
        response: { 202: startRunResponseSchema },
      },
    },
    async (req, reply) => reply.status(202).send(await startSync(app, requireAccess(req), req.params.id)),
  );
  app.get(
    '/integrations/:id/runs',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The sync logs: every run, latest first',
        params: idParam,
        querystring: pageQuery,
        response: { 200: runListSchema },
      },
    },
    async (req) => listIntegrationRuns(app, requireAccess(req), req.lang, req.params.id, req.query),
  );
  app.get(
    '/integrations/:id/runs/:runId',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'A run’s sync job status (spec §4 codes) and counts',
        params: runParams,
        response: { 200: runSchema },
      },
    },
    async (req) => getRun(app, requireAccess(req), req.lang, req.params.id, req.params.runId),
  );
  app.post(
    '/integrations/:id/migrate',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Migrate the valid temporary users into people (a run of kind migrate)',
        params: idParam,
        response: { 202: startRunResponseSchema },
      },
    },
    async (req, reply) => reply.status(202).send(await startMigration(app, requireAccess(req), req.params.id)),
  );
  app.get(
    '/integrations/:id/redirect-type',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Where the flow goes after a sync: errors, duplicates, valid users or none',
        params: idParam,
        response: { 200: redirectTypeSchema },
      },
    },
    async (req) => redirectType(app, requireAccess(req), req.params.id),
  );
  app.get(
    '/integrations/:id/statistics',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Imported, errors, duplicates, valid; people kept in step and archived; sync health',
        params: idParam,
        response: { 200: statisticsSchema },
      },
    },
    async (req) => statistics(app, requireAccess(req), req.lang, req.params.id),
  );
  app.get(
    '/integrations/:id/temp-users',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Temporary users with errors, with duplicates, or valid',
        params: idParam,
        querystring: tempUsersQuerySchema,
        response: { 200: tempUserListSchema },
      },
    },
    async (req) => listTempUsers(app, requireAccess(req), req.lang, req.params.id, req.query),
  );
  app.put(
    '/integrations/:id/temp-users/:tempId',
    {
      config: ACCESS,
      schema: {
        tags,
        summary:
          'Fix a record with errors (spec fix-error): judged again; after the first migration a valid one becomes a person',
        params: tempUserParams,
        body: fixErrorBodySchema,
        response: { 200: fixResultSchema },
      },
    },
    async (req) => fixError(app, requireAccess(req), req.lang, req.params.id, req.params.tempId, req.body),
  );
  app.post(
    '/integrations/:id/temp-users/:tempId/duplicate',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Fix a duplicate (spec fix-duplicate): the selected person, or a new one',
        params: tempUserParams,
        body: fixDuplicateBodySchema,
        response: { 200: fixResultSchema },
      },
    },
    async (req) => fixDuplicate(app, requireAccess(req), req.lang, req.params.id, req.params.tempId, req.body),
  );
  app.get(
    '/integrations/:id/synced-users',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The people kept in step with the directory',
        params: idParam,
        querystring: syncedUsersQuerySchema,
        response: { 200: syncedUserListSchema },
      },
    },
    async (req) => listSyncedUsers(app, requireAccess(req), req.params.id, req.query),
  );
};
