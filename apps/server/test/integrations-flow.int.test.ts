// Directory integrations end to end against the local fake of Paxton Net2's API (decision 048):
// connect, map, first sync into temporary users, fix an error and a duplicate, migrate, keep in
// step (unchanged, changed, removed), the schedule and the status, and who may see what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Integration } from '@app/shared/integrations/schemas';
import { rowsOf, withTenant } from '../src/db/client';
import { directoryLinks, people } from '../src/db/schema/index';
import { runDueSyncs } from '../src/modules/integrations/integration-runs';
import { NET2_FAKE_LOGIN, startNet2Fake, type Net2FakeControl } from '../src/modules/integrations/fakes/net2-fake';
import type { FakeServer } from '../src/modules/integrations/fakes/fake-server';
import { signIn } from './helpers/http-client';
import { peopleWorld, scopedAdmin, type PeopleWorld } from './helpers/people-world';
import { integrationCalls } from './helpers/integration-calls';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: PeopleWorld;
let fake: { server: FakeServer; control: Net2FakeControl };

beforeAll(async () => {
  ctx = await createTestApp();
  w = await peopleWorld(ctx.app, ctx.db.db);
  fake = await startNet2Fake({ demo: true });
}, 60_000);
afterAll(async () => {
  await fake?.server.close();
  await ctx?.close();
});

const credentials = () => ({
  config: { server_url: fake.server.url, username: NET2_FAKE_LOGIN.username, client_id: NET2_FAKE_LOGIN.clientId },
  secrets: { password: NET2_FAKE_LOGIN.password },
});

const calls = () => integrationCalls(ctx.app, w.admin);
const runOf = (id: string, runId: string) => calls().runOf(id, runId);
const temps = (id: string, state: 'error' | 'duplicate' | 'valid') => calls().temps(id, state);

const personByEmail = (email: string) =>
  withTenant(ctx.db.db, w.entity.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(people)
      .where(and(eq(people.entityId, w.entity.id), eq(people.email, email)));
    return row ?? null;
  });

describe('a Paxton Net2 integration, from connecting to keeping people in step', () => {
  let integration: Integration;
  let existing: { id: string };

  it('refuses wrong credentials with a translated message on the password, and keeps no secret in its answers', async () => {
    const wrong = await w.admin.post('/integrations', {
      name: 'Head office doors',
      dir_code: 'paxton',
      config: credentials().config,
      secrets: { password: 'not-it' },
    });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json<{ fields: Record<string, string[]> }>().fields.password?.[0]).toMatch(/Authentication failed/);

    const missing = await w.admin.post('/integrations', {
      name: 'Head office doors',
      dir_code: 'paxton',
      config: {},
      secrets: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ fields: Record<string, string[]> }>().fields)).toContain('server_url');

    const res = await w.admin.post('/integrations', {
      name: 'Head office doors',
      dir_code: 'paxton',
      ...credentials(),
    });
    expect(res.statusCode, res.body).toBe(201);
    integration = res.json<{ integration: Integration }>().integration;
    expect(integration.status).toBe('draft');
    expect(integration.secrets_set).toEqual(['password']);
    expect(res.body).not.toContain(NET2_FAKE_LOGIN.password);
    expect(integration.account).toBe(new URL(fake.server.url).host);

    const again = await w.admin.post('/integrations', {
      name: ' head office DOORS ',
      dir_code: 'paxton',
      ...credentials(),
    });
    expect(again.statusCode).toBe(409);
    const name = await w.admin.get('/integrations/name-availability?name=Head%20Office%20Doors');
    expect(name.json()).toMatchObject({ available: false });
  });

  it('offers the departments to map and checks the settings (sites, and a field or group)', async () => {
    const options = await w.admin.get(`/integrations/${integration.id}/directory-options`);
    expect(options.statusCode, options.body).toBe(200);
    const groups = options.json<{ groups: { id: string; name: string }[]; no_group_to_map: boolean }>();
    expect(groups.no_group_to_map).toBe(false);
    expect(groups.groups.map((g) => g.name)).toEqual(expect.arrayContaining(['No department']));

    const noSites = await w.admin.put(`/integrations/${integration.id}/settings`, {
      site_ids: [],
      groups: [],
      fields: ['email'],
      sync_frequency: 'daily',
    });
    expect(noSites.statusCode).toBe(400);
    expect(Object.keys(noSites.json<{ fields: object }>().fields)).toEqual(['site_ids']);
    const nothing = await w.admin.put(`/integrations/${integration.id}/settings`, {
      site_ids: [w.sites.hq],
      groups: [],
      fields: [],
      sync_frequency: 'daily',
    });
    expect(nothing.json<{ fields: Record<string, string[]> }>().fields.groups).toEqual([
      'Select at least one field or group.',
    ]);
    // Fields alone read everyone, who then need a user type.
    const noType = await w.admin.put(`/integrations/${integration.id}/settings`, {
      site_ids: [w.sites.hq],
      groups: [],
      fields: ['email'],
      sync_frequency: 'daily',
    });
    expect(Object.keys(noType.json<{ fields: object }>().fields)).toEqual(['default_user_type_id']);

    // A person the company already has, whom a directory record names by email.
    existing = await w.create({ first_name: 'Known', last_name: 'Person', email: 'user00001@net2.example' });

    const [d1, d2, d3] = fake.control.departments().filter((d) => d.id > 0);
    const saved = await w.admin.put(`/integrations/${integration.id}/settings`, {
      site_ids: [w.sites.hq],
      groups: [
        { id: String(d1!.id), name: d1!.name, user_type_id: w.types.staff },
        { id: String(d2!.id), name: d2!.name, user_type_id: w.types.staff },
        { id: String(d3!.id), name: d3!.name, user_type_id: w.types.visitors },
      ],
      fields: ['email', 'phone', 'id_number', 'department'],
      sync_frequency: 'daily',
      sync: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { run_id } = saved.json<{ run_id: string }>();
    const run = await runOf(integration.id, run_id);
    expect(run.sync_status.id, JSON.stringify(run)).toBe(3);
    expect(run.kind).toBe('first');
    expect(run.created).toBe(0);
  });

  it('lands the first sync as temporary users: errors, duplicates and valid ones', async () => {
    const redirect = await w.admin.get(`/integrations/${integration.id}/redirect-type`);
    expect(redirect.json()).toMatchObject({ type: 'error' });
    const errors = await temps(integration.id, 'error');
    const noSurname = errors.data.find((t) => t.problems.last_name);
    expect(noSurname?.problems.last_name).toBe('The last name is missing.');
    expect(errors.data.find((t) => t.problems.email)?.problems.email).toBe('Invalid email address');
    const duplicates = await temps(integration.id, 'duplicate');
    expect(duplicates.data.map((d) => d.duplicates.map((p) => p.id))).toContainEqual([existing.id]);
    expect((await temps(integration.id, 'valid')).count).toBeGreaterThan(5);
    // Nobody is a person yet.
    expect(await personByEmail('shared.desk@net2.example')).toBeNull();
  });

  it('fixes an error (judged again) and a duplicate (a person must be chosen)', async () => {
    const errors = await temps(integration.id, 'error');
    const noSurname = errors.data.find((t) => t.problems.last_name)!;
    const stillWrong = await w.admin.put(`/integrations/${integration.id}/temp-users/${noSurname.id}`, {
      first_name: noSurname.first_name,
      last_name: '  ',
      email: noSurname.email,
      phone_code: noSurname.phone_code,
      phone: noSurname.phone,
      id_number: noSurname.id_number,
      user_type_id: noSurname.user_type_id,
    });
    expect(stillWrong.json()).toMatchObject({ action: false });
    const fixed = await w.admin.put(`/integrations/${integration.id}/temp-users/${noSurname.id}`, {
      first_name: noSurname.first_name,
      last_name: 'Fixed',
      email: noSurname.email,
      phone_code: noSurname.phone_code,
      phone: noSurname.phone,
      id_number: noSurname.id_number,
      user_type_id: noSurname.user_type_id,
    });
    expect(fixed.json()).toMatchObject({ action: true, message: 'Fixed: the record is ready to migrate.' });

    const [dupe] = (await temps(integration.id, 'duplicate')).data.filter((d) =>
      d.duplicates.some((p) => p.id === existing.id),
    );
    const none = await w.admin.post(`/integrations/${integration.id}/temp-users/${dupe!.id}/duplicate`, {
      selected_user_id: null,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ fields: Record<string, string[]> }>().fields.selected_user_id).toEqual(['Please select a user']);
    const linked = await w.admin.post(`/integrations/${integration.id}/temp-users/${dupe!.id}/duplicate`, {
      selected_user_id: existing.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ action: true });
    const person = await personByEmail('user00001@net2.example');
    expect(person?.id).toBe(existing.id);
    // The person now follows the directory's name.
    expect(person?.lastName).not.toBe('Person');
  });

  it('migrates the valid users into people with the site, user type and department; a shared email waits', async () => {
    const valid = (await temps(integration.id, 'valid')).count;
    const res = await w.admin.post(`/integrations/${integration.id}/migrate`);
    expect(res.statusCode, res.body).toBe(202);
    const run = await runOf(integration.id, res.json<{ run_id: string }>().run_id);
    expect(run.sync_status.id).toBe(3);
    expect(run.created + run.errors + run.duplicates).toBe(valid);
    expect(run.created).toBeGreaterThan(5);
    const got = await w.admin.get(`/integrations/${integration.id}`);
    expect(got.json<Integration>()).toMatchObject({ status: 'active_with_errors', migrated: true });
    expect(got.json<Integration>().next_sync_at).not.toBeNull();
    const stats = await w.admin.get(`/integrations/${integration.id}/statistics`);
    expect(stats.json()).toMatchObject({ people: run.created + 1 });
    // One of the two records sharing an email became a person; the other waits as an error.
    const shared = await personByEmail('shared.desk@net2.example');
    expect(shared).not.toBeNull();
    const errors = await temps(integration.id, 'error');
    expect(errors.data.some((t) => t.email === 'shared.desk@net2.example')).toBe(true);
  });

  it('re-reads an unchanged directory without writing a row, then updates a changed person and archives a removed one', async () => {
    const before = rowsOf<{ n: string }>(
      await ctx.db.db.execute(sql`select max(updated_at)::text as n from people where entity_id = ${w.entity.id}`),
    )[0]!.n;
    const first = await w.admin.post(`/integrations/${integration.id}/runs`, { kind: 'manual' });
    const unchanged = await runOf(integration.id, first.json<{ run_id: string }>().run_id);
    expect(unchanged.kind).toBe('manual');
    expect(unchanged.created + unchanged.updated + unchanged.archived).toBe(0);
    expect(unchanged.unchanged).toBeGreaterThan(5);
    const after = rowsOf<{ n: string }>(
      await ctx.db.db.execute(sql`select max(updated_at)::text as n from people where entity_id = ${w.entity.id}`),
    )[0]!.n;
    expect(after).toBe(before);

    const links = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(directoryLinks).where(eq(directoryLinks.integrationId, integration.id)),
    );
    const [changedLink, removedLink] = links.filter((l) => l.personId !== existing.id);
    fake.control.changeUser(Number(changedLink!.externalId), { lastName: 'Renamed' });
    fake.control.removeUser(Number(removedLink!.externalId));
    const second = await w.admin.post(`/integrations/${integration.id}/runs`, {});
    const changed = await runOf(integration.id, second.json<{ run_id: string }>().run_id);
    expect(changed).toMatchObject({ updated: 1, archived: 1, created: 0 });
    const [renamed, removed] = await withTenant(ctx.db.db, w.entity.id, async (tx) => [
      (
        await tx
          .select()
          .from(people)
          .where(and(eq(people.entityId, w.entity.id), eq(people.id, changedLink!.personId)))
      )[0],
      (
        await tx
          .select()
          .from(people)
          .where(and(eq(people.entityId, w.entity.id), eq(people.id, removedLink!.personId)))
      )[0],
    ]);
    expect(renamed?.lastName).toBe('Renamed');
    // Archived, never deleted.
    expect(removed?.status).toBe('archived');
  });

  it('syncs on its schedule only while active; manual sync stays available when inactive', async () => {
    const deactivated = await w.admin.put(`/integrations/${integration.id}/status`, { status: 'inactive' });
    expect(deactivated.json<Integration>()).toMatchObject({ status: 'inactive', next_sync_at: null });
    const later = new Date(Date.now() + 3 * 86_400_000);
    // The schedule runs across companies: only this integration's runs are looked at.
    const mine = async (at: Date) => (await runDueSyncs(ctx.app, at)).filter((r) => r.integrationId === integration.id);
    expect(await mine(later)).toEqual([]);
    const manual = await w.admin.post(`/integrations/${integration.id}/runs`, {});
    expect(manual.statusCode).toBe(202);
    await runOf(integration.id, manual.json<{ run_id: string }>().run_id);

    const reactivated = await w.admin.put(`/integrations/${integration.id}/status`, { status: 'active' });
    expect(reactivated.json<Integration>().status).toMatch(/^active/);
    expect(await mine(new Date(Date.now() + 60_000))).toEqual([]);
    const started = await mine(later);
    expect(started).toHaveLength(1);
    const run = await runOf(integration.id, started[0]!.runId);
    expect(run.kind).toBe('auto');
    expect([3, 15]).toContain(run.sync_status.id);
    // The next run is a day after this one (daily).
    const next = (await w.admin.get(`/integrations/${integration.id}`)).json<Integration>().next_sync_at!;
    expect(Math.abs(new Date(next).getTime() - (Date.now() + 86_400_000))).toBeLessThan(60_000);
  });

  it('is limited to admins of its sites, and invisible to another company', async () => {
    const { client: branchAdmin } = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.staff]);
    expect((await branchAdmin.get(`/integrations/${integration.id}`)).statusCode).toBe(404);
    expect((await branchAdmin.get('/integrations')).json<{ count: number }>().count).toBe(0);

    const other = await createCompany(ctx.db.db);
    const { client: stranger } = await signIn(ctx.app, other.people.admin.email, PASSWORD);
    expect((await stranger.get(`/integrations/${integration.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/integrations/${integration.id}/temp-users?state=error`)).statusCode).toBe(404);
    expect((await stranger.put(`/integrations/${integration.id}/status`, { status: 'inactive' })).statusCode).toBe(404);
    expect((await stranger.delete(`/integrations/${integration.id}`)).statusCode).toBe(404);
    expect((await stranger.get('/integrations')).json<{ count: number }>().count).toBe(0);
  });

  it('deletes the integration and keeps its people', async () => {
    const res = await w.admin.delete(`/integrations/${integration.id}`);
    expect(res.statusCode).toBe(200);
    expect((await w.admin.get(`/integrations/${integration.id}`)).statusCode).toBe(404);
    expect(await personByEmail('shared.desk@net2.example')).not.toBeNull();
  });
});
