// The emergency list (spec §2 `/emergency-list`, §7 emergency_list): everyone on site now in the
// reader's sites, grouped by site and area with counts, filtered by sites and areas; a check-in-only
// visit is not presence; another company's people never show; bad filters are a 400 naming them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmergencyList, EmergencyPlaces } from '@app/shared/emergency/schemas';
import { scopedWarden } from './helpers/emergency-roll-factories';
import { emergencyWorld, type EmergencyWorld } from './helpers/emergency-sessions-world';
import { signIn } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: EmergencyWorld;
let other: EmergencyWorld;
let people: Record<string, Awaited<ReturnType<EmergencyWorld['onSite']>>>;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await emergencyWorld(ctx.app, ctx.db.db);
  other = await emergencyWorld(ctx.app, ctx.db.db);
  people = {
    ann: await w.onSite('Ann', w.areas.reception, w.sites.hq, {
      phoneCode: '+44',
      phone: '7700900123',
      companyName: 'Acme',
    }),
    bob: await w.onSite('Bob', w.areas.warehouse),
    cat: await w.onSite('Cat', w.areas.lobby, w.sites.branch),
    gone: await w.onSite('Gone', w.areas.reception),
  };
  const out = await w.admin.post('/visits/sign-out', { visit_ids: [people.gone!.visit.id] });
  expect(out.statusCode, out.body).toBe(200);
  const dockie = await w.person('Dockie');
  expect((await w.signInPeople([{ person_id: dockie.id }], w.areas.dock)).statusCode).toBe(201);
  await other.onSite('Elsewhere', other.areas.reception);
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

const names = (list: EmergencyList) =>
  list.sites.flatMap((s) => s.areas.flatMap((a) => a.people.map((p) => `${s.name}/${a.name}/${p.person.full_name}`)));

describe('the emergency list', () => {
  it('lists everyone on site now by site and area, with counts, and nobody else', async () => {
    const res = await w.warden.get('/emergency/list');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<EmergencyList>();
    expect(names(list)).toEqual(['Branch/Lobby/Cat Tester', 'HQ/Reception/Ann Tester', 'HQ/Warehouse/Bob Tester']);
    expect(list.total).toBe(3);
    expect(list.sites.map((s) => [s.name, s.count])).toEqual([
      ['Branch', 1],
      ['HQ', 2],
    ]);
    const hq = list.sites.find((s) => s.id === w.sites.hq)!;
    expect(hq.areas.map((a) => [a.name, a.count])).toEqual([
      ['Reception', 1],
      ['Warehouse', 1],
    ]);
    const ann = hq.areas[0]!.people[0]!;
    expect(ann).toMatchObject({
      visit_id: people.ann!.visit.id,
      person: { id: people.ann!.person.id, full_name: 'Ann Tester', phone: '+44 7700900123', company_name: 'Acme' },
      user_type: { id: w.types.visitors, name: 'Visitors' },
      hosts: [],
      signed_in: people.ann!.visit.signed_in,
      login_mode: 'signIn_signOut',
    });
    expect(list.read_at.at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('filters by sites and areas (one or many)', async () => {
    const bySite = (await w.warden.get(`/emergency/list?site_id=${w.sites.branch}`)).json<EmergencyList>();
    expect(names(bySite)).toEqual(['Branch/Lobby/Cat Tester']);
    const byAreas = (
      await w.warden.get(`/emergency/list?area_id=${w.areas.reception}&area_id=${w.areas.lobby}`)
    ).json<EmergencyList>();
    expect(names(byAreas)).toEqual(['Branch/Lobby/Cat Tester', 'HQ/Reception/Ann Tester']);
    const both = (
      await w.warden.get(`/emergency/list?site_id=${w.sites.hq}&area_id=${w.areas.warehouse}`)
    ).json<EmergencyList>();
    expect(names(both)).toEqual(['HQ/Warehouse/Bob Tester']);
  });

  it('shows a site-limited warden only their sites, and refuses places outside them by name', async () => {
    const branch = await scopedWarden(ctx.app, ctx.db.db, w.entity, [w.sites.branch]);
    const list = (await branch.client.get('/emergency/list')).json<EmergencyList>();
    expect(names(list)).toEqual(['Branch/Lobby/Cat Tester']);
    const refused = await branch.client.get(`/emergency/list?area_id=${w.areas.reception}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_failed', fields: { area_id: [expect.any(String)] } });
    const places = (await branch.client.get('/emergency/places')).json<EmergencyPlaces>();
    expect(places.sites).toEqual([
      { id: w.sites.branch, name: 'Branch', areas: [{ id: w.areas.lobby, name: 'Lobby', on_site: 1 }] },
    ]);
  });

  it('gives the places with how many are on site in each', async () => {
    const places = (await w.warden.get('/emergency/places')).json<EmergencyPlaces>();
    expect(places.sites.map((s) => s.name)).toEqual(['Branch', 'HQ']);
    expect(places.sites[1]!.areas).toEqual([
      { id: w.areas.dock, name: 'Dock', on_site: 0 },
      { id: w.areas.reception, name: 'Reception', on_site: 1 },
      { id: w.areas.warehouse, name: 'Warehouse', on_site: 1 },
    ]);
  });

  it('answers bad filters with a 400 naming them, another company’s places as unknown, never a 500', async () => {
    for (const [query, field] of [
      ['site_id=nope', 'site_id'],
      [`area_id=${w.areas.reception}&area_id=x`, 'area_id.1'],
      ['surprise=1', 'querystring'],
      [`site_id=${other.sites.hq}`, 'site_id'],
      [`area_id=${other.areas.reception}`, 'area_id'],
    ] as const) {
      const res = await w.warden.get(`/emergency/list?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json<{ fields: Record<string, string[]> }>().fields)).toContain(field);
    }
    const es = await w.warden.get(`/emergency/list?site_id=${other.sites.hq}`, { 'x-lang': 'es' });
    expect(es.json<{ message: string }>().message).toMatch(/sedes/);
  });

  it('is for roles with the emergency list only; the places serve either emergency screen', async () => {
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect((await employee.get('/emergency/list')).statusCode).toBe(403);
    expect((await employee.get('/emergency/places')).statusCode).toBe(403);
    const { client: reporting } = await signIn(ctx.app, w.people.employee_reporting.email, PASSWORD);
    expect((await reporting.get('/emergency/list')).statusCode).toBe(403);
    // Another company's warden sees only theirs.
    expect(names((await other.warden.get('/emergency/list')).json<EmergencyList>())).toEqual([
      'HQ/Reception/Elsewhere Tester',
    ]);
  });
});
