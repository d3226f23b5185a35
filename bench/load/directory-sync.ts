// The directory-sync case's measured side (bench/cases/directory-sync.ts): a new company's admin
// connecting Microsoft Entra ID (the Graph fake of directory-sync-fake.ts) through the server's API, from
// this process, as the integrations page does it: create the integration with the app's credentials,
// map every group of the tenant to a user type and save with sync on, poll the run until it ends (the
// first sync: every user lands as a temporary user), then migrate and poll again (the temporary users
// become people). The server's RSS is read from /proc every 50 ms from the save to the migration's end.
// With `resyncs`: a second sync with nothing changed (Graph's delta link: nearly nothing is read), then
// one after Graph reset its synchronization (every delta link answers 410 Gone: the connector reads the
// whole tenant again); around each, PostgreSQL's own counters of rows inserted, updated and deleted in
// the people tables (pg_stat_user_tables, once the server's connections have reported them).
//   node --import tsx bench/load/directory-sync.ts <settings.json>
import pg from 'pg';
import type { IntegrationRun } from '@app/shared/integrations/schemas';
import { stageOf } from '@app/shared/integrations/status';
import type { RunCounts } from '../../apps/server/src/modules/integrations/run-end';
import { GRAPH_FAKE_APP } from '../../apps/server/src/modules/integrations/fakes/microsoft-graph-fake';
import type { DatabaseKind } from '../dataset/data-set';
import { csrfOf } from '../lib/cookies';
import { rssMb } from '../lib/stats';
import { readSettings, sleep, writeResult } from './child-io';
import { mappingOf, SYNC_FIELDS } from './directory-sync-data';
import type { SyncCompany } from './directory-sync-setup';

export type DirectorySyncSettings = {
  kind: DatabaseKind;
  /** PostgreSQL: the database, for pg_stat_user_tables (the embedded one is the server's alone). */
  location: string;
  baseUrl: string;
  serverPid: number;
  company: SyncCompany;
  users: number;
  /** The fake's control: POST ?users=<n> resets Graph's synchronization. */
  resetSyncUrl: string;
  resyncs: boolean;
  out: string;
};

/** Rows inserted, updated and deleted in a table, by PostgreSQL's statistics. */
export type TableWrites = { ins: number; upd: number; del: number };

/** A run's counts as its API answers them (the server's RunCounts without the valid records and problems). */
export type RunFigures = Omit<RunCounts, 'valid' | 'problems'> & {
  runId: string;
  code: number;
  message: string | null;
  /** From the request that started it to the poll that saw it end. */
  seconds: number;
  /** Of those, queued until the job runner took it (its first heartbeat seen). */
  queuedSeconds: number;
};

export type ResyncFigures = RunFigures & {
  /** PostgreSQL: rows written per table during the run (null on the embedded database). */
  writes: Record<string, TableWrites> | null;
  /** When it was asked for: rows written since are the run's (the check reads them after). */
  startedAt: string;
};

export type DirectorySyncResult = {
  users: number;
  integrationId: string;
  sync: RunFigures;
  migrate: RunFigures;
  /** Sync and migration together, from the save to the migration's end (the admin's two waits). */
  seconds: number;
  rowsPerSecond: number;
  startRssMb: number;
  peakRssMb: number;
  unchanged: ResyncFigures | null;
  fullRead: ResyncFigures | null;
};

/** The tables a sync writes people data into. */
export const WRITTEN_TABLES = [
  'people',
  'person_sites',
  'person_user_types',
  'departments',
  'directory_links',
  'integration_temp_users',
];
const POLL_MS = 100;
const RUN_TIMEOUT_MS = 60 * 60_000;
/** A backend reports its counters when idle at most 10 s after its last report (PGSTAT_IDLE_INTERVAL). */
const STATS_QUIET_MS = 11_000;

const s = readSettings<DirectorySyncSettings>();
const api = `${s.baseUrl}/api/v1`;
let cookie = '';

async function call<T>(method: string, route: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { cookie };
  if (method !== 'GET') headers['x-csrf-token'] = csrfOf(cookie);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function signIn() {
  const res = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: s.company.adminEmail, password: s.company.password }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Polls a run until it has ended; `since` is when the request that started it was sent. */
async function runEnded(integrationId: string, runId: string, since: number): Promise<RunFigures> {
  let queuedSeconds = NaN;
  for (;;) {
    const run = await call<IntegrationRun>('GET', `/integrations/${integrationId}/runs/${runId}`);
    const now = performance.now();
    if (Number.isNaN(queuedSeconds) && run.sync_status.id !== 0) queuedSeconds = (now - since) / 1000;
    if (stageOf(run.sync_status.id) !== 'processing') {
      return {
        runId,
        code: run.sync_status.id,
        message: run.message,
        read: run.read,
        created: run.created,
        updated: run.updated,
        archived: run.archived,
        unchanged: run.unchanged,
        failed: run.failed,
        errors: run.errors,
        duplicates: run.duplicates,
        seconds: (now - since) / 1000,
        queuedSeconds,
      };
    }
    if (now - since > RUN_TIMEOUT_MS) throw new Error(`run ${runId} still going after ${RUN_TIMEOUT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

type Counters = Record<string, TableWrites>;

async function counters(client: pg.Client): Promise<Counters> {
  const res = await client.query<{ relname: string; ins: string; upd: string; del: string }>(
    `select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_del as del
       from pg_stat_user_tables where schemaname = 'public' and relname = any($1)`,
    [WRITTEN_TABLES],
  );
  return Object.fromEntries(
    res.rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd), del: Number(r.del) }]),
  );
}

/**
 * The counters once every connection of the server has reported: the server's backends send theirs
 * when idle, up to 10 s after the last time; read until they have stayed the same for longer than that.
 */
async function settledCounters(client: pg.Client): Promise<Counters> {
  let last = await counters(client);
  let quietSince = performance.now();
  while (performance.now() - quietSince < STATS_QUIET_MS) {
    await sleep(1_000);
    const now = await counters(client);
    if (JSON.stringify(now) !== JSON.stringify(last)) {
      last = now;
      quietSince = performance.now();
    }
  }
  return last;
}

const difference = (before: Counters, after: Counters): Counters =>
  Object.fromEntries(
    WRITTEN_TABLES.map((t) => [
      t,
      {
        ins: (after[t]?.ins ?? 0) - (before[t]?.ins ?? 0),
        upd: (after[t]?.upd ?? 0) - (before[t]?.upd ?? 0),
        del: (after[t]?.del ?? 0) - (before[t]?.del ?? 0),
      },
    ]),
  );

async function resync(integrationId: string, stats: pg.Client | null): Promise<ResyncFigures> {
  const before = stats ? await settledCounters(stats) : null;
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const { run_id } = await call<{ run_id: string }>('POST', `/integrations/${integrationId}/runs`, {});
  const run = await runEnded(integrationId, run_id, t0);
  const writes = stats && before ? difference(before, await settledCounters(stats)) : null;
  return { ...run, writes, startedAt };
}

await signIn();
const { integration } = await call<{ integration: { id: string } }>('POST', '/integrations', {
  name: 'Microsoft Entra ID',
  dir_code: 'azureAD',
  config: { tenant_id: GRAPH_FAKE_APP.tenantId, client_id: GRAPH_FAKE_APP.clientId },
  secrets: { client_secret: GRAPH_FAKE_APP.clientSecret },
});
const options = await call<{ groups: { id: string; name: string }[] }>(
  'GET',
  `/integrations/${integration.id}/directory-options`,
);

const startRssMb = rssMb(s.serverPid);
let peakRssMb = startRssMb;
const sampler = setInterval(() => {
  peakRssMb = Math.max(peakRssMb, rssMb(s.serverPid));
}, 50);
const t0 = performance.now();
const saved = await call<{ run_id: string | null }>('PUT', `/integrations/${integration.id}/settings`, {
  site_ids: [s.company.siteId],
  groups: mappingOf(s.company.userTypeIds, options.groups),
  fields: [...SYNC_FIELDS],
  sync_frequency: 'daily',
  sync: true,
});
if (!saved.run_id) throw new Error('saving the settings with sync on started no run');
const sync = await runEnded(integration.id, saved.run_id, t0);
if (stageOf(sync.code) !== 'done') throw new Error(`the first sync ended ${sync.code}: ${sync.message ?? ''}`);
const t1 = performance.now();
const { run_id: migrateId } = await call<{ run_id: string }>('POST', `/integrations/${integration.id}/migrate`);
const migrate = await runEnded(integration.id, migrateId, t1);
clearInterval(sampler);
peakRssMb = Math.max(peakRssMb, rssMb(s.serverPid));
if (stageOf(migrate.code) !== 'done') throw new Error(`the migration ended ${migrate.code}: ${migrate.message ?? ''}`);
const seconds = sync.seconds + migrate.seconds;

let unchanged: ResyncFigures | null = null;
let fullRead: ResyncFigures | null = null;
if (s.resyncs) {
  const stats = s.kind === 'postgres' ? new pg.Client({ connectionString: s.location }) : null;
  await stats?.connect();
  try {
    unchanged = await resync(integration.id, stats);
    const reset = await fetch(`${s.resetSyncUrl}?users=${s.users}`, { method: 'POST' });
    if (!reset.ok) throw new Error(`resetting the fake's synchronization: ${reset.status}`);
    fullRead = await resync(integration.id, stats);
  } finally {
    await stats?.end();
  }
}

const result: DirectorySyncResult = {
  users: s.users,
  integrationId: integration.id,
  sync,
  migrate,
  seconds,
  rowsPerSecond: migrate.created / seconds,
  startRssMb,
  peakRssMb,
  unchanged,
  fullRead,
};
writeResult(s.out, result);
