// Several app nodes starting together on a new database (issue 30): the migrations and the demo seed
// run once, under a lock of the whole database cluster, however many nodes start at the same moment.
import pg from 'pg';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { entities } from '../src/db/schema/index';
import { seedDemoIfEmpty } from '../src/seed/demo/demo';

const testDb = inject('testDb');
const onServer = testDb.kind === 'postgres';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

let admin: pg.Client;
let url: string;
let nodes: Database[] = [];

beforeAll(async () => {
  if (testDb.kind !== 'postgres') return;
  const base = new URL(testDb.url);
  const name = `${base.pathname.slice(1)}_start`;
  url = Object.assign(new URL(testDb.url), { pathname: `/${name}` }).toString();
  admin = new pg.Client({ connectionString: Object.assign(new URL(testDb.url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
});

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.close()));
  if (!admin) return;
  const name = new URL(url).pathname.slice(1);
  // The nodes' connections finish closing first: one ended by the drop would fail as it closes.
  for (let i = 0; i < 100; i++) {
    const open = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (open.rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe.runIf(onServer)('nodes starting together on a new database', () => {
  it('migrate it once and seed the demo company once', async () => {
    nodes = await Promise.all([0, 1, 2].map(() => openDatabase({ url, poolSize: 2 })));
    await Promise.all(nodes.map((n) => n.migrate()));
    const seeded = await Promise.all(nodes.map((n) => n.exclusively('demo-seed', () => seedDemoIfEmpty(n.db, silent))));
    expect(seeded.filter((s) => s !== null)).toHaveLength(1);
    const [row] = await nodes[0]!.db.select({ n: count() }).from(entities).where(eq(entities.name, 'Demo Company'));
    expect(Number(row!.n)).toBe(1);
    // A node started later finds nothing to do.
    await nodes[1]!.migrate();
    expect(await nodes[2]!.exclusively('demo-seed', () => seedDemoIfEmpty(nodes[2]!.db, silent))).toBeNull();
  }, 120_000);
});
