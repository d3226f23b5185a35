// The list cases' raw SQL (bench/cases/lists.ts): for each variant, the statements the app itself
// sends — captured by running the app's own list service once, as GET /people or GET /visits would
// with the same query — replayed directly against the database in a transaction as the app's role with
// the company set, at the same concurrency as the HTTP latency case. So the app's latency is compared
// with its own queries, not with a copy of them. Page 5,000 follows the list's cursor there, as the
// HTTP case does. PostgreSQL: one connection per loop. Embedded: the one PGlite connection the server
// would have, each loop's transaction waiting its turn as the server's requests do.
// Run by the bench in its own process, with no server on an embedded data folder:
//   node --import tsx bench/load/raw-sql.ts <settings.json>
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { listPeopleQuerySchema } from '@app/shared/people/schemas';
import { listVisitsQuerySchema } from '@app/shared/visits/schemas';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { createPglite } from '../../apps/server/src/db/pglite';
import { findEntity } from '../../apps/server/src/modules/access/access.repository';
import type { AccessContext } from '../../apps/server/src/modules/access/access.types';
import { listCompanyPeople } from '../../apps/server/src/modules/people/people.service';
import { listVisits } from '../../apps/server/src/modules/visits/visits.service';
import { API_TOKEN_PERMISSIONS, permissionMapOf } from '@app/shared/access/permissions';
import { DEEP_PAGE, PAGE_SIZE, type ListVariant } from '../cases/lists';
import { latency, type Latency } from '../lib/stats';
import { readSettings, writeResult } from './child-io';

export type RawSqlSettings = {
  kind: 'postgres' | 'embedded';
  /** PostgreSQL: the database URL; embedded: the DATA_DIR. */
  location: string;
  entityId: string;
  variants: ListVariant[];
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
  out: string;
};

export type VariantSql = {
  name: string;
  latency: Latency;
  runs: number;
  /** How many statements one request sends (besides BEGIN and COMMIT). */
  statements: number;
  error: string | null;
};

type Statement = { text: string; values: unknown[] };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BEGIN = (entityId: string) =>
  `begin; select set_config('app.entity_id', '${entityId}', true), set_config('role', 'app_user', true)`;

/** The statements of each variant, as the app's list services send them for the variant's query. */
async function capture(settings: RawSqlSettings, pglite: PGlite | null): Promise<Map<string, Statement[]>> {
  let recording: Statement[] | null = null;
  const logQuery = (text: string, values: unknown[]) => recording?.push({ text, values });
  const database: Database = pglite
    ? await openDatabase({ pglite, logQuery })
    : await openDatabase({ url: settings.location, poolSize: 1, logQuery });
  const app = { db: database } as unknown as FastifyInstance;
  const entity = await findEntity(database.db, settings.entityId);
  if (!entity) throw new Error('the big company is not in the data set');
  // What the app's API token may do, with no site or user-type limit: an admin's queries.
  const ctx: AccessContext = {
    entityId: entity.id,
    entity,
    actor: { kind: 'client' },
    role: null,
    permissions: permissionMapOf(API_TOKEN_PERMISSIONS),
    otpEnrolmentRequired: false,
    siteIds: null,
    userTypeIds: null,
  };
  const list = (variant: ListVariant, query: Record<string, string>) =>
    variant.case === 'people'
      ? listCompanyPeople(app, ctx, listPeopleQuerySchema.parse(query))
      : listVisits(app, ctx, listVisitsQuerySchema.parse(query));
  const captured = new Map<string, Statement[]>();
  try {
    for (const variant of settings.variants) {
      let query = variant.query;
      if (variant.deep) {
        // Page 5,000 through the cursor, as the HTTP case reaches it.
        const { page: _page, ...rest } = variant.query;
        let cursor: string | null = null;
        for (let page = 1; page < DEEP_PAGE; page++) {
          const answer = await list(variant, { ...rest, limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) });
          cursor = 'next_cursor' in answer ? answer.next_cursor : null;
          if (!cursor) break;
        }
        if (cursor) query = { ...rest, limit: String(PAGE_SIZE), cursor };
      }
      recording = [];
      await list(variant, query);
      captured.set(
        variant.name,
        recording.filter((s) => !/^\s*(begin|commit|select set_config)/i.test(s.text)),
      );
      recording = null;
    }
  } finally {
    if (!pglite) await database.close();
  }
  return captured;
}

/** One transaction of the statements, as `withTenant` opens it; resolves with its duration. */
type Transaction = (statements: Statement[]) => Promise<number>;

async function postgresLoops(settings: RawSqlSettings): Promise<{ loops: Transaction[]; close: () => Promise<void> }> {
  const clients = await Promise.all(
    Array.from({ length: settings.concurrency }, async () => {
      const client = new pg.Client({ connectionString: settings.location });
      await client.connect();
      return client;
    }),
  );
  const loops = clients.map((client): Transaction => async (statements) => {
    const start = performance.now();
    // As withTenant on a PostgreSQL pool: BEGIN and the settings in one round trip.
    await client.query(BEGIN(settings.entityId));
    try {
      for (const s of statements) await client.query({ text: s.text, values: s.values, rowMode: 'array' });
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    return performance.now() - start;
  });
  return { loops, close: async () => void (await Promise.all(clients.map((c) => c.end()))) };
}

function embeddedLoops(settings: RawSqlSettings, db: PGlite): Transaction[] {
  const transaction: Transaction = async (statements) => {
    const start = performance.now();
    // As drizzle's PGlite transaction in withTenant: PGlite runs one transaction at a time.
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('app.entity_id', $1, true), set_config('role', 'app_user', true)`, [
        settings.entityId,
      ]);
      for (const s of statements) await tx.query(s.text, s.values, { rowMode: 'array' });
    });
    return performance.now() - start;
  };
  return Array.from({ length: settings.concurrency }, () => transaction);
}

async function measure(loops: Transaction[], statements: Statement[], seconds: number) {
  const samples: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    loops.map(async (transaction) => {
      while (performance.now() < deadline) samples.push(await transaction(statements));
    }),
  );
  return samples;
}

const settings = readSettings<RawSqlSettings>();
if (!UUID.test(settings.entityId)) throw new Error('the company id is not a uuid');
const pglite = settings.kind === 'embedded' ? await createPglite(path.join(settings.location, 'pgdata')) : null;
const results: VariantSql[] = [];
try {
  const captured = await capture(settings, pglite);
  const { loops, close } = pglite
    ? { loops: embeddedLoops(settings, pglite), close: async () => undefined }
    : await postgresLoops(settings);
  try {
    for (const variant of settings.variants) {
      const statements = captured.get(variant.name) ?? [];
      try {
        await measure(loops, statements, settings.warmupSeconds);
        const samples = await measure(loops, statements, settings.seconds);
        results.push({
          name: variant.name,
          latency: latency(samples),
          runs: samples.length,
          statements: statements.length,
          error: null,
        });
      } catch (error) {
        results.push({
          name: variant.name,
          latency: latency([]),
          runs: 0,
          statements: statements.length,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  } finally {
    await close();
  }
} finally {
  await pglite?.close();
}
writeResult(settings.out, results);
