import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openEmbeddedDatabase } from './embedded-template';
import { pgliteNotices, postgresNotices, type Listen } from './notices';
import { takeTurns } from './pglite-turns';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A database handle or a transaction: repositories accept either. */
export type Executor = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Executor;
  /** How many connections may be open at once (the pool's size; one for the embedded database). */
  connections: number;
  /** Runs parameterised SQL outside drizzle (pg-boss, health checks). */
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** Brings the schema up to date: once, however many nodes start together (under `exclusively`). */
  migrate: () => Promise<void>;
  /**
   * Runs `work` holding a lock of the whole database cluster named `name` (a PostgreSQL session advisory
   * lock, let go when `work` ends or its node dies): the nodes asking for it at once take turns. The
   * embedded database has one process, which needs no lock.
   */
  exclusively: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** LISTEN on a channel: notices raised by any node's transactions, delivered at commit. */
  listen: Listen;
};

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions = ({ url: string; poolSize?: number } | { dataDir: string } | { pglite: PGlite }) & {
  /** Told every statement drizzle sends, with its values (the bench replays a list's statements). */
  logQuery?: (text: string, values: unknown[]) => void;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
  if ('url' in options) {
    const notices = postgresNotices(options.url);
    // A new connection listens before it is first handed out: pg-pool awaits the promise onConnect
    // returns, though @types/pg declares it void.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onConnect: notices.onConnect,
    });
    // An idle pooled connection that PostgreSQL ends (a restart, a fail-over, an administrator, a dropped
    // database) is taken out of the pool, which opens another when one is next needed. pg-pool tells of it
    // with an 'error' event, which unheard would end the process.
    pool.on('error', (err) => process.emitWarning(`a pooled database connection was lost: ${err.message}`));
    const db = drizzlePg({ client: pool, schema, logger }) as unknown as Executor;
    async function exclusively<T>(name: string, work: (session: pg.PoolClient) => Promise<T>): Promise<T> {
      const session = await pool.connect();
      try {
        await session.query('SELECT pg_advisory_lock(hashtext($1))', [`frontdesk:${name}`]);
        try {
          return await work(session);
        } finally {
          await session.query('SELECT pg_advisory_unlock(hashtext($1))', [`frontdesk:${name}`]);
        }
      } finally {
        session.release();
      }
    }
    return {
      kind: 'postgres',
      db,
      connections: options.poolSize ?? 10,
      query: async (text, values) => {
        const res = await pool.query(text, values as unknown[]);
        return { rows: res.rows as Record<string, unknown>[] };
      },
      // Two nodes migrating one database at once fail on the catalogue's unique keys: one at a time, the
      // later one finding every migration applied.
      migrate: () =>
        exclusively('migrate', (session) =>
          migratePg(drizzlePg({ client: session, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
        ),
      exclusively: (name, work) => exclusively(name, () => work()),
      close: () => pool.end(),
      listen: notices.listen,
    };
  }
  const client = takeTurns('pglite' in options ? options.pglite : await openEmbeddedDatabase(options.dataDir));
  const db = drizzlePglite({ client, schema, logger }) as unknown as Executor;
  return {
    kind: 'pglite',
    db,
    connections: 1,
    query: async (text, values) => {
      const res = await client.query(text, values as unknown[]);
      return { rows: res.rows as Record<string, unknown>[] };
    },
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    exclusively: (_name, work) => work(),
    close: () => client.close(),
    listen: pgliteNotices(client),
  };
}

/** The rows of a raw `execute` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** A list as one SQL parameter: a JSON array, turned into a PostgreSQL array of `type` in the query. */
export const sqlArray = (items: readonly string[], type: 'text' | 'uuid') =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(items)}::jsonb)::${sql.raw(type)})`;

/**
 * Runs `fn` in a transaction scoped to one entity: row-level security sees only that entity's rows
 * because the transaction runs as the non-superuser app role with app.entity_id set.
 * Nested in another transaction it becomes a savepoint, and the outer transaction's role and entity
 * come back when it ends: platform work (opening a company, changing its plan) can write global rows,
 * then the company's, then global ones again, atomically.
 */
export async function withTenant<T>(db: Executor, entityId: string, fn: (tx: Executor) => Promise<T>): Promise<T> {
  const nested: boolean = db instanceof PgTransaction;
  if (!nested) {
    const pool = poolOf(db);
    if (pool) return tenantTransactionOnPool(db, pool, entityId, fn);
    return db.transaction(async (tx) => {
      // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
      await tx.execute(
        sql`select set_config('app.entity_id', ${entityId}, true), set_config('role', 'app_user', true)`,
      );
      return fn(tx);
    });
  }
  const [outer] = rowsOf<{ role: string; entity: string }>(
    await db.execute(
      sql`select current_setting('role') as role, coalesce(current_setting('app.entity_id', true), '') as entity`,
    ),
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.entity_id', ${entityId}, true), set_config('role', 'app_user', true)`);
    const result = await fn(tx);
    await tx.execute(
      sql`select set_config('app.entity_id', ${outer!.entity}, true), set_config('role', ${outer!.role}, true)`,
    );
    return result;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The pool behind a database handle on a PostgreSQL server (none for the embedded database). */
const poolOf = (db: Executor): pg.Pool | null => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

/**
 * A company's transaction on a PostgreSQL server in one round trip fewer than drizzle's own: BEGIN
 * and the settings go in one simple-protocol message (the company id is checked to be a uuid, and it
 * comes from our own session or token look-up, never from the client). The transaction object is
 * drizzle's, bound to the connection, so nested work becomes savepoints as usual.
 */
async function tenantTransactionOnPool<T>(
  db: Executor,
  pool: pg.Pool,
  entityId: string,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  if (!UUID.test(entityId)) throw new Error('withTenant: the company id is not a uuid');
  const internals = db as unknown as {
    dialect: PgDialect;
    session: { options: ConstructorParameters<typeof NodePgSession>[3] };
    _: { fullSchema: Record<string, unknown>; schema: unknown; tableNamesMap: Record<string, string> };
  };
  const schemaConfig = {
    fullSchema: internals._.fullSchema,
    schema: internals._.schema,
    tableNamesMap: internals._.tableNamesMap,
  } as ConstructorParameters<typeof NodePgTransaction>[2];
  const client = await pool.connect();
  // A connection that failed to begin or to roll back is not given back to the pool.
  let broken: Error | undefined;
  try {
    await client.query(
      `begin; select set_config('app.entity_id', '${entityId}', true), set_config('role', 'app_user', true)`,
    );
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  try {
    const session = new NodePgSession(client, internals.dialect, schemaConfig, internals.session.options);
    const result = await fn(new NodePgTransaction(internals.dialect, session, schemaConfig) as unknown as Executor);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
