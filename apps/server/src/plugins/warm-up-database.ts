import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, withTenant, type Database } from '../db/client';
import { loadSessionAccess } from '../modules/access/access.service';
import { recentSessionIds } from '../modules/auth/sessions.repository';

/** Sessions seen within this long are loaded into the access cache at start, the newest first. */
const RECENT_SESSIONS_MS = 15 * 60_000;
const MAX_SESSIONS = 500;
/** How long the connections wait for each other before warming anyway (a pool smaller than said). */
const GATHER_MS = 2_000;

/**
 * Opens every pooled connection at once and, on each, reads nothing from every company table as the
 * app role in a company that does not exist: the server process of each connection loads the table,
 * its indexes and its row-level security policy once, here rather than under the first requests.
 */
export async function warmConnections(database: Database, nilEntity: string) {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`
      select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind in ('r', 'p') and has_table_privilege('app_user', c.oid, 'SELECT')
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'entity_id' and not a.attisdropped)
      order by c.relname`),
  ).map((r) => r.name);

  const count = database.connections;
  let arrived = 0;
  let gathered!: () => void;
  const allHere = new Promise<void>((resolve) => (gathered = resolve));
  const timer = setTimeout(() => gathered(), GATHER_MS);
  // Each transaction holds its connection until all have one, so each runs on a connection of its own.
  await Promise.all(
    Array.from({ length: count }, () =>
      withTenant(database.db, nilEntity, async (tx) => {
        if (++arrived === count) gathered();
        await allHere;
        for (const table of tables) {
          await tx.execute(sql`select 1 from ${sql.identifier(table)} where entity_id = ${nilEntity} limit 1`);
        }
      }),
    ),
  );
  clearTimeout(timer);
  return { connections: count, tables: tables.length };
}

/** Loads the sessions in use lately into the access cache, so their first requests find them there. */
export async function warmAccessCache(app: FastifyInstance): Promise<number> {
  const cache = app.accessCache;
  if (!cache.enabled) return 0;
  const ids = await recentSessionIds(app.db.db, new Date(Date.now() - RECENT_SESSIONS_MS), MAX_SESSIONS);
  let loaded = 0;
  const next = async () => {
    for (let id = ids.shift(); id !== undefined; id = ids.shift()) {
      const generation = cache.generation;
      const found = await loadSessionAccess(app.db.db, id);
      if (!found) continue;
      cache.setSession(id, found, generation);
      loaded++;
    }
  };
  await Promise.all(Array.from({ length: app.db.connections }, next));
  return loaded;
}
