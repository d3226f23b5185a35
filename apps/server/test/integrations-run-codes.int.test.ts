// The failing ends of a run, each with the spec's sync code (§4 "Sync job codes") and what the admin is
// told, against the Microsoft Entra fake: 4 when the directory keeps throttling past the retries or a
// mapped group was deleted (nobody archived), 5 when the mapping names a user type that is gone (the
// integration invalid until its settings are saved), 9 when its stored credentials can no longer be
// opened, 8 and 7 when a run's server stopped mid-sync or mid-migration; then Retry runs again (4, 5, 8
// restart the sync, 7 the migration).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Integration } from '@app/shared/integrations/schemas';
import { newId } from '../src/lib/ids';
import { rowsOf, withTenant } from '../src/db/client';
import { HEARTBEAT_STALE_MS, runDueSyncs } from '../src/modules/integrations/integration-runs';
import { insertRun } from '../src/modules/integrations/integrations.repository';
import { createDirectoryHttp } from '../src/modules/integrations/connectors/http';
import { startMicrosoftGraphFake, type GraphFakeControl } from '../src/modules/integrations/fakes/microsoft-graph-fake';
import type { FakeServer } from '../src/modules/integrations/fakes/fake-server';
import { peopleWorld, type PeopleWorld } from './helpers/people-world';
import { integrationCalls } from './helpers/integration-calls';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let w: PeopleWorld;
let fake: { server: FakeServer; control: GraphFakeControl };
let integration: Integration;
let staff: { id: string; name: string };

beforeAll(async () => {
  fake = await startMicrosoftGraphFake({ demo: true });
  ctx = await createTestApp(
    { MICROSOFT_LOGIN_URL: fake.server.url, MICROSOFT_GRAPH_URL: fake.server.url },
    undefined,
    // Throttling past two attempts fails the read; the waits are not slept.
    { directoryHttp: createDirectoryHttp({ attempts: 2, backoffMs: 1, sleep: async () => {} }) },
  );
  w = await peopleWorld(ctx.app, ctx.db.db);
  const created = await w.admin.post('/integrations', {
    name: 'Entra codes',
    dir_code: 'azureAD',
    config: { tenant_id: fake.control.tenantId, client_id: fake.control.clientId },
    secrets: { client_secret: fake.control.clientSecret },
  });
  expect(created.statusCode, created.body).toBe(201);
  integration = created.json<{ integration: Integration }>().integration;
  const [group] = fake.control.groups();
  staff = { id: group!.id, name: group!.displayName };
  const saved = await w.admin.put(`/integrations/${integration.id}/settings`, settings(w.types.staff, true));
  expect((await runOf(saved.json<{ run_id: string }>().run_id)).sync_status.id).toBe(3);
  const migrated = await w.admin.post(`/integrations/${integration.id}/migrate`);
  expect((await runOf(migrated.json<{ run_id: string }>().run_id)).sync_status.id).toBe(3);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.server.close();
});

function settings(userTypeId: string, sync = false) {
  return {
    site_ids: [w.sites.hq],
    groups: [{ ...staff, user_type_id: userTypeId }],
    fields: ['email'],
    sync_frequency: 'daily',
    sync,
  };
}

const calls = () => integrationCalls(ctx.app, w.admin);
const runOf = (runId: string) => calls().runOf(integration.id, runId);
const sync = () => calls().sync(integration.id);

const statusOf = async () => (await w.admin.get(`/integrations/${integration.id}`)).json<Integration>().status;

const archivedCount = async () =>
  rowsOf<{ n: number }>(
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.execute(sql`select count(*)::int as n from people where entity_id = ${w.entity.id} and status = 'archived'`),
    ),
  )[0]!.n;

describe('a run that cannot end well', () => {
  it('fails as 4 when Graph keeps throttling past the retries; Retry reads again', async () => {
    fake.control.throttle(100, 1);
    const throttled = await sync();
    expect(throttled.sync_status.id).toBe(4);
    expect(throttled.message).toBe(
      'The directory could not be reached or did not answer as expected. Try again in a moment.',
    );
    expect(await statusOf()).toMatch(/^active/);
    fake.control.throttle(0);
    expect((await sync()).sync_status.id).toBe(15);
  });

  it('fails as 5 when the mapping names a user type that is gone, until the settings are saved', async () => {
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.execute(sql`update integrations set mapping = jsonb_set(mapping, '{groups,0,userTypeId}', to_jsonb(${newId()}::text))
                      where id = ${integration.id}`),
    );
    const run = await sync();
    expect(run.sync_status.id).toBe(5);
    expect(run.message).toBe("A user type the mapping names no longer exists: edit the integration's settings.");
    expect(await statusOf()).toBe('invalid');
    const saved = await w.admin.put(`/integrations/${integration.id}/settings`, settings(w.types.staff));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await statusOf()).toMatch(/^active/);
    expect((await sync()).sync_status.id).toBe(15);
  });

  it('fails as 9 when its stored credentials cannot be opened, asking to re-authenticate', async () => {
    const [{ sealed }] = rowsOf<{ sealed: string }>(
      await withTenant(ctx.db.db, w.entity.id, (tx) =>
        tx.execute(sql`select secrets as sealed from integrations where id = ${integration.id}`),
      ),
    ) as [{ sealed: string }];
    // Sealed under another installation key: nothing can be read of it.
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.execute(sql`update integrations set secrets = 'v1.not-sealed-here' where id = ${integration.id}`),
    );
    const run = await sync();
    expect(run.sync_status.id).toBe(9);
    expect(run.message).toBe('Click on the "Back" button for re-authenticate');
    expect(await statusOf()).toBe('authentication_failed');
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.execute(sql`update integrations set secrets = ${sealed} where id = ${integration.id}`),
    );
    const reauth = await w.admin.post(`/integrations/${integration.id}/reauth`, { config: {}, secrets: {} });
    expect(reauth.statusCode, reauth.body).toBe(200);
    expect((await sync()).sync_status.id).toBe(15);
  });

  it('marks a run whose server stopped as 8 (a sync) or 7 (a migration); Retry runs again', async () => {
    const stale = new Date(Date.now() - HEARTBEAT_STALE_MS - 60_000);
    const stopped = await withTenant(ctx.db.db, w.entity.id, async (tx) => ({
      sync: await insertRun(tx, {
        entityId: w.entity.id,
        id: newId(),
        integrationId: integration.id,
        kind: 'manual',
        statusCode: 11,
        heartbeatAt: stale,
      }),
      migration: await insertRun(tx, {
        entityId: w.entity.id,
        id: newId(),
        integrationId: integration.id,
        kind: 'migrate',
        statusCode: 6,
        heartbeatAt: stale,
      }),
    }));
    // A run said to be going answers a new request with itself, until the minute's check ends it.
    const meanwhile = await w.admin.post(`/integrations/${integration.id}/runs`, {});
    expect([stopped.sync.id, stopped.migration.id]).toContain(meanwhile.json<{ run_id: string }>().run_id);
    await runDueSyncs(ctx.app, new Date());
    const [sync8, migration7] = [await runOf(stopped.sync.id), await runOf(stopped.migration.id)];
    expect(sync8.sync_status.id).toBe(8);
    expect(migration7.sync_status.id).toBe(7);
    expect(sync8.message).toBe('The run stopped before it ended (its server stopped). Retry it.');
    expect((await sync()).sync_status.id).toBe(15);
  });

  it('fails as 4, archiving nobody, when a mapped group was deleted in the directory', async () => {
    const before = await archivedCount();
    fake.control.removeGroup(staff.id);
    const run = await sync();
    expect(run.sync_status.id).toBe(4);
    expect(run.message).toBe(
      'A group mapped in the settings no longer exists in the directory. Map another group in the settings, then sync again.',
    );
    expect(await archivedCount()).toBe(before);
  });
});
