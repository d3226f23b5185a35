// Microsoft Entra ID through the local fake of the identity platform and Microsoft Graph (decision 048):
// client-credentials sign-in (a wrong secret, tenant or client each named on its own field), a mapped
// group's direct members through the first sync, the error and duplicate fixes and the migration, then
// delta reads (an unchanged tenant writes nothing; a change, a disabled account and a member who left),
// throttling waited out, a delta link past its seven days or reset by Graph read in full, and an expired
// client secret failing the run as authentication failed until a new one is typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Integration } from '@app/shared/integrations/schemas';
import { rowsOf, withTenant } from '../src/db/client';
import { directoryLinks, people } from '../src/db/schema/index';
import { createDirectoryHttp } from '../src/modules/integrations/connectors/http';
import {
  graphFakeUserId,
  startMicrosoftGraphFake,
  type GraphFakeControl,
} from '../src/modules/integrations/fakes/microsoft-graph-fake';
import type { FakeServer } from '../src/modules/integrations/fakes/fake-server';
import { peopleWorld, type PeopleWorld } from './helpers/people-world';
import { integrationCalls } from './helpers/integration-calls';
import { createTestApp, type TestContext } from './helpers/test-app';

const DAY = 86_400_000;

let ctx: TestContext;
let w: PeopleWorld;
let fake: { server: FakeServer; control: GraphFakeControl };
/** Retry-After waits the app was asked for: recorded, never slept. */
const waits: number[] = [];

beforeAll(async () => {
  fake = await startMicrosoftGraphFake({ demo: true });
  ctx = await createTestApp({ MICROSOFT_LOGIN_URL: fake.server.url, MICROSOFT_GRAPH_URL: fake.server.url }, undefined, {
    directoryHttp: createDirectoryHttp({ backoffMs: 1, sleep: async (ms) => void waits.push(ms) }),
  });
  w = await peopleWorld(ctx.app, ctx.db.db);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.server.close();
});

const credentials = (change: { tenant_id?: string; client_id?: string; client_secret?: string } = {}) => ({
  config: {
    tenant_id: change.tenant_id ?? fake.control.tenantId,
    client_id: change.client_id ?? fake.control.clientId,
  },
  secrets: { client_secret: change.client_secret ?? fake.control.clientSecret },
});

const calls = () => integrationCalls(ctx.app, w.admin);
const sync = (id: string, start?: { run_id: string }) => calls().sync(id, start);
const temps = (id: string, state: 'error' | 'duplicate' | 'valid') => calls().temps(id, state);

/** The users/delta calls since `from` in the fake's log: whether they started a round or followed a link. */
function usersReads(from: number) {
  const calls = fake.server.log.slice(from).filter((l) => l.path === '/v1.0/users/delta');
  return {
    initial: calls.filter((c) => c.query.includes('%24select') || c.query.includes('$select')).length,
    followed: calls.filter((c) => c.query.includes('deltatoken')).length,
  };
}

const personOf = (externalId: string) =>
  withTenant(ctx.db.db, w.entity.id, async (tx) => {
    const [link] = await tx
      .select()
      .from(directoryLinks)
      .where(and(eq(directoryLinks.entityId, w.entity.id), eq(directoryLinks.externalId, externalId)));
    if (!link) return null;
    const [person] = await tx
      .select()
      .from(people)
      .where(and(eq(people.entityId, w.entity.id), eq(people.id, link.personId)));
    return person ?? null;
  });

describe('a Microsoft Entra ID integration', () => {
  let integration: Integration;
  let staffGroup: { id: string; name: string };
  const member = (n: number) => graphFakeUserId(n);

  it('names the refused credential: the secret, the tenant or the client', async () => {
    const create = (change: Parameters<typeof credentials>[0]) =>
      w.admin.post('/integrations', { name: 'Entra', dir_code: 'azureAD', ...credentials(change) });
    const fields = async (change: Parameters<typeof credentials>[0]) => {
      const res = await create(change);
      expect(res.statusCode, res.body).toBe(422);
      return res.json<{ fields: Record<string, string[]> }>().fields;
    };
    const secret = await fields({ client_secret: 'the-secret-id-not-its-value' });
    expect(secret.client_secret?.[0]).toMatch(/^Authentication failed.*AADSTS7000215/);
    // Microsoft's trace and correlation IDs help nobody reading the form.
    expect(secret.client_secret?.[0]).not.toMatch(/Trace ID/);
    expect(Object.keys(await fields({ tenant_id: 'no-such-tenant.example' }))).toEqual(['tenant_id']);
    expect(Object.keys(await fields({ client_id: '00000000-0000-4000-8000-000000000000' }))).toEqual(['client_id']);

    const missing = await w.admin.post('/integrations', {
      name: 'Entra',
      dir_code: 'azureAD',
      config: { tenant_id: fake.control.tenantId },
      secrets: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ fields: object }>().fields)).toEqual(['client_id']);

    const res = await create({});
    expect(res.statusCode, res.body).toBe(201);
    integration = res.json<{ integration: Integration }>().integration;
    expect(integration).toMatchObject({ status: 'draft', secrets_set: ['client_secret'] });
    expect(integration.account).toBe(fake.control.organizationName);
    expect(res.body).not.toContain(fake.control.clientSecret);
  });

  it('maps a group and lands its direct members as temporary users; fixes an error and a duplicate; migrates', async () => {
    const options = await w.admin.get(`/integrations/${integration.id}/directory-options`);
    expect(options.statusCode, options.body).toBe(200);
    const groups = options.json<{ groups: { id: string; name: string }[] }>().groups;
    expect(groups.map((g) => g.name)).toEqual(['Staff', 'Teachers', 'Students', 'Visitors team']);
    staffGroup = groups[0]!;
    // Someone the company already has, whom the directory names by email.
    const known = fake.control.user(member(1))!;
    const existing = await w.create({ first_name: 'Known', last_name: 'Person', email: known.mail });

    const saved = await w.admin.put(`/integrations/${integration.id}/settings`, {
      site_ids: [w.sites.hq],
      groups: [{ id: staffGroup.id, name: staffGroup.name, user_type_id: w.types.staff }],
      fields: ['email', 'phone', 'id_number', 'department'],
      sync_frequency: 'daily',
      sync: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = await sync(integration.id, saved.json<{ run_id: string }>());
    expect(first.sync_status.id, JSON.stringify(first)).toBe(3);
    // Direct user members only: the nested Teachers group is not read into Staff.
    expect(first.read).toBe(fake.control.usersOf(staffGroup.id).length);

    const errors = await temps(integration.id, 'error');
    const noSurname = errors.data.find((t) => t.problems.last_name)!;
    expect(noSurname.problems.last_name).toBe('The last name is missing.');
    expect(errors.data.some((t) => t.problems.email === 'Invalid email address')).toBe(true);
    const fixed = await w.admin.put(`/integrations/${integration.id}/temp-users/${noSurname.id}`, {
      first_name: noSurname.first_name,
      last_name: 'Fixed',
      email: noSurname.email,
      phone_code: noSurname.phone_code,
      phone: noSurname.phone,
      id_number: noSurname.id_number,
      user_type_id: noSurname.user_type_id,
    });
    expect(fixed.json()).toMatchObject({ action: true });

    const [dupe] = (await temps(integration.id, 'duplicate')).data;
    expect(dupe!.duplicates.map((p) => p.id)).toEqual([existing.id]);
    const linked = await w.admin.post(`/integrations/${integration.id}/temp-users/${dupe!.id}/duplicate`, {
      selected_user_id: existing.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);

    const migrate = await w.admin.post(`/integrations/${integration.id}/migrate`);
    expect(migrate.statusCode, migrate.body).toBe(202);
    const migrated = await sync(integration.id, migrate.json<{ run_id: string }>());
    expect(migrated.sync_status.id).toBe(3);
    expect(migrated.created).toBeGreaterThan(4);
    expect((await personOf(member(1)))?.id).toBe(existing.id);
    expect((await personOf(member(5)))?.lastName).toBe('Fixed');
    const stats = await w.admin.get(`/integrations/${integration.id}/statistics`);
    expect(stats.json<{ delta_age_days: number | null }>().delta_age_days).toBe(0);
  });

  it('follows its delta links: an unchanged tenant writes nothing; a change, a disabled account and a leaver', async () => {
    const mark = fake.server.log.length;
    const unchanged = await sync(integration.id);
    expect(unchanged.sync_status.id).toBe(15);
    expect(usersReads(mark)).toEqual({ initial: 0, followed: 1 });

    const [renamed, disabled, leaver] = [member(17), member(21), member(25)];
    fake.control.changeUser(renamed, { surname: 'Renamed' });
    fake.control.changeUser(disabled, { accountEnabled: false });
    fake.control.removeMember(staffGroup.id, leaver);
    const joiner = fake.control.addUser(
      { givenName: 'New', surname: 'Starter', mail: 'new.starter@demo-school.example', userPrincipalName: 'ns@x' },
      [staffGroup.id],
    );
    const changed = await sync(integration.id);
    expect(changed.sync_status.id, JSON.stringify(changed)).toBe(3);
    expect(changed).toMatchObject({ updated: 1, archived: 2, created: 1 });
    expect((await personOf(renamed))?.lastName).toBe('Renamed');
    // Archived, never deleted.
    expect((await personOf(disabled))?.status).toBe('archived');
    expect((await personOf(leaver))?.status).toBe('archived');
    expect((await personOf(joiner.id))?.firstName).toBe('New');
  });

  it('waits out throttling for the Retry-After Graph asks', async () => {
    waits.length = 0;
    fake.control.throttle(2, 7);
    const run = await sync(integration.id);
    expect(run.sync_status.id).toBe(15);
    expect(waits).toEqual([7000, 7000]);
  });

  it('reads in full when the delta link is past its seven days, or when Graph reset the synchronization', async () => {
    // Eight days on, for Graph and for the stored link.
    fake.control.advance(8 * DAY);
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.execute(
        sql`update integrations set cursor = jsonb_set(cursor, '{issuedAt}', to_jsonb(${Date.now() - 8 * DAY}::bigint))
            where id = ${integration.id}`,
      ),
    );
    const stale = await w.admin.get(`/integrations/${integration.id}/statistics`);
    expect(stale.json<{ delta_age_days: number }>().delta_age_days).toBe(7);
    let mark = fake.server.log.length;
    const expired = await sync(integration.id);
    expect(expired.sync_status.id).toBe(15);
    expect(usersReads(mark)).toMatchObject({ initial: 1, followed: 0 });
    const fresh = await w.admin.get(`/integrations/${integration.id}/statistics`);
    expect(fresh.json<{ delta_age_days: number }>().delta_age_days).toBe(0);

    // A reset Graph answers 410 Gone to the fresh link: the connector starts again by itself.
    fake.control.resetSync();
    mark = fake.server.log.length;
    const reset = await sync(integration.id);
    expect(reset.sync_status.id).toBe(15);
    const calls = fake.server.log.slice(mark).filter((l) => l.path.endsWith('/delta'));
    expect(calls.some((c) => c.status === 410)).toBe(true);
    expect(usersReads(mark).initial).toBe(1);
  });

  it('fails as authentication failed when the secret expires, until a new one is typed', async () => {
    fake.control.expireSecret();
    const run = await sync(integration.id);
    expect(run.sync_status.id).toBe(10);
    expect(run.message).toMatch(/AADSTS7000222/);
    expect((await w.admin.get(`/integrations/${integration.id}`)).json<Integration>().status).toBe(
      'authentication_failed',
    );
    const refused = await w.admin.post(`/integrations/${integration.id}/reauth`, credentials());
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json<{ fields: object }>().fields)).toEqual(['client_secret']);
    fake.control.renewSecret('renewed~Secret.Value');
    const reauth = await w.admin.post(
      `/integrations/${integration.id}/reauth`,
      credentials({ client_secret: 'renewed~Secret.Value' }),
    );
    expect(reauth.statusCode, reauth.body).toBe(200);
    expect(reauth.json<Integration>().status).toMatch(/^active/);
    expect((await sync(integration.id)).sync_status.id).toBe(15);
  });

  it('is invisible to another company', async () => {
    const other = await peopleWorld(ctx.app, ctx.db.db);
    // The settings' choices are each company's own.
    const mine = (await w.admin.get('/integrations/choices')).json<{
      sites: { id: string }[];
      user_types: { id: string }[];
    }>();
    expect(mine.sites.map((s) => s.id)).toContain(w.sites.hq);
    expect(mine.user_types.map((u) => u.id)).toContain(w.types.staff);
    const theirs = (await other.admin.get('/integrations/choices')).json<{ sites: { id: string }[] }>();
    expect(theirs.sites.map((s) => s.id)).not.toContain(w.sites.hq);
    expect((await other.admin.get(`/integrations/${integration.id}`)).statusCode).toBe(404);
    expect((await other.admin.post(`/integrations/${integration.id}/runs`, {})).statusCode).toBe(404);
    const [count] = rowsOf<{ n: number }>(
      await withTenant(ctx.db.db, other.entity.id, (tx) =>
        tx.execute(sql`select count(*)::int as n from directory_links where integration_id = ${integration.id}`),
      ),
    );
    expect(count!.n).toBe(0);
  });
});
