// A node outlives its database connections: PostgreSQL ending idle pooled connections (a restart, a
// fail-over, an administrator) neither ends the process nor fails the next requests.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld } from './helpers/visits-factories';

const onServer = inject('testDb').kind === 'postgres';
let ctx: TestContext;
beforeAll(async () => {
  if (onServer) ctx = await createTestApp({}, undefined, { ownDatabase: true });
});
afterAll(() => ctx?.close());

describe.runIf(onServer)('pooled database connections', () => {
  it('are opened again after PostgreSQL ended them while idle', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    // Several connections open and idle.
    await Promise.all(Array.from({ length: 4 }, () => w.admin.get('/dashboard')));
    const { rows } = await ctx.db.query(
      `select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    expect(rows[0]!.ended).toBeGreaterThan(0);
    // The ended connections' errors arrive on their sockets a moment later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 6; i++) expect((await w.admin.get('/dashboard')).statusCode).toBe(200);
    const person = await w.person('After');
    expect((await w.signInOne(person.id)).id).toBeTruthy();
  });
});
