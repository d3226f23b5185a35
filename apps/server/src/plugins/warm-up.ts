import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { PERMISSIONS, permissionMapOf } from '@app/shared/access/permissions';
import { newId } from '../lib/ids';
import { safeEqual } from '../lib/tokens';
import type { AccessContext } from '../modules/access/access.types';
import { warmAccessCache, warmConnections } from './warm-up-database';

// A server is ready only once warm (decision 037). Before it says so (GET /api/health/ready: 503, then
// 200), `warmUp` runs what the first requests after a start would otherwise pay for under load: every
// pooled connection opened and its catalogue and row-level security caches filled for the company
// tables, the hot routes called in-process (routing, validators, handlers, queries, serializers), and
// the sessions in use lately loaded into the access cache. The hot routes are called as a company that
// does not exist (a fresh id, every permission): row-level security and the queries' company id find
// nothing, and only reads and refusals are asked for, so nothing is written and no company's rows are
// read. Heavy modules (PDFs, spreadsheets, images) are on no hot route and stay unloaded.

declare module 'fastify' {
  interface FastifyRequest {
    /** The warm-up's own caller, set only for its in-process requests (see `warmUp`). */
    warmUpAccess: AccessContext | null;
  }
  interface FastifyInstance {
    /** Runs the warm-up once (later calls answer the same run) and marks the server ready. */
    warmUp: () => Promise<WarmUpReport>;
    readiness: { ready: boolean };
  }
}

export type WarmUpReport = {
  connections: number;
  tables: number;
  routes: { method: string; url: string; status: number }[];
  sessions: number;
  ms: number;
};

const HEADER = 'x-warm-up';
const NIL = '00000000-0000-7000-8000-000000000000';
const signInBody = { area_id: NIL, people: [{ person_id: NIL }] };

/** The hot routes, as the dashboard, kiosks and integrations call them; reads and refusals only. */
export const HOT_ROUTES: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/v1/public/config' },
  { method: 'GET', url: '/api/v1/auth/me' },
  { method: 'GET', url: '/api/v1/dashboard' },
  { method: 'GET', url: '/api/v1/visits?page=1&limit=10&sortField=activity&orderBy=desc' },
  { method: 'GET', url: '/api/v1/visits' },
  { method: 'GET', url: '/api/v1/people' },
  { method: 'GET', url: '/api/v1/sites' },
  { method: 'POST', url: '/api/v1/visits/sign-in/preview', body: { area_id: NIL, person_ids: [NIL] } },
  // No area of that id: refused before anything is written.
  { method: 'POST', url: '/api/v1/visits/sign-in', body: signInBody },
];
const ROUNDS = 3;

function warmUpAccess(): AccessContext {
  const id = newId();
  return {
    entityId: id,
    entity: {
      id,
      name: 'warm-up',
      subdomain: null,
      logo: null,
      package: 'Cloud',
      plan: 3,
      subscription: 'cloud',
      ownerId: null,
      twoStepEnabled: false,
      otpRoles: [],
      timezone: 'UTC',
    },
    actor: { kind: 'client' },
    role: null,
    permissions: permissionMapOf(PERMISSIONS),
    otpEnrolmentRequired: false,
    siteIds: null,
    userTypeIds: null,
  };
}

export const warmUpPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('warmUpAccess', null);
  const readiness = { ready: false };
  app.decorate('readiness', readiness);
  // Known only inside this process and only while the warm-up runs.
  let secret: string | null = null;
  let access: AccessContext | null = null;
  app.addHook('onRequest', async (req) => {
    const header = req.headers[HEADER];
    if (secret && typeof header === 'string' && safeEqual(header, secret)) req.warmUpAccess = access;
  });

  app.get(
    '/api/health/ready',
    {
      config: { access: { auth: 'public' } },
      schema: {
        tags: ['health'],
        summary: 'Whether this server is warm and ready for traffic (503 while it warms up)',
        response: { 200: z.object({ ready: z.literal(true) }), 503: z.object({ ready: z.literal(false) }) },
      },
    },
    async (_req, reply) =>
      readiness.ready ? reply.status(200).send({ ready: true }) : reply.status(503).send({ ready: false }),
  );

  let running: Promise<WarmUpReport> | null = null;
  async function run(): Promise<WarmUpReport> {
    const started = performance.now();
    secret = randomBytes(32).toString('hex');
    access = warmUpAccess();
    try {
      const { connections, tables } = await warmConnections(app.db, NIL);
      const routes: WarmUpReport['routes'] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const route of HOT_ROUTES) {
          const res = await app.inject({
            method: route.method,
            url: route.url,
            headers: { [HEADER]: secret },
            ...(route.body ? { payload: route.body } : {}),
          });
          if (round === 0) routes.push({ method: route.method, url: route.url, status: res.statusCode });
        }
      }
      const sessions = await warmAccessCache(app);
      return { connections, tables, routes, sessions, ms: Math.round(performance.now() - started) };
    } finally {
      secret = null;
      access = null;
      readiness.ready = true;
    }
  }
  app.decorate('warmUp', () => (running ??= run()));
});
