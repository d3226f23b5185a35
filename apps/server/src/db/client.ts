import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A database handle or a transaction: repositories accept either. */
export type Executor = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Executor;
  /** Runs parameterised SQL outside drizzle (pg-boss, health checks). */
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir: string } | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Executor;
    return {
      kind: 'postgres',
      db,
      query: async (text, values) => {
        const res = await pool.query(text, values as unknown[]);
        return { rows: res.rows as Record<string, unknown>[] };
      },
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(path.join(options.dataDir, 'pgdata'));
  }
  const db = drizzlePglite({ client, schema }) as unknown as Executor;
  return {
    kind: 'pglite',
    db,
    query: async (text, values) => {
      const res = await client.query(text, values as unknown[]);
      return { rows: res.rows as Record<string, unknown>[] };
    },
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/**
 * Runs `fn` in a transaction scoped to one entity: row-level security sees only that entity's rows
 * because the transaction runs as the non-superuser app role with app.entity_id set.
 * Nested in another transaction it becomes a savepoint, and the role and entity stay set until
 * the outer transaction ends: do global work first.
 */
export async function withTenant<T>(db: Executor, entityId: string, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
    await tx.execute(sql`select set_config('app.entity_id', ${entityId}, true), set_config('role', 'app_user', true)`);
    return fn(tx);
  });
}
