// The add-expected-visitor form's look-ups (spec §7 Pre-registration calls used by the admin: host
// settings, host search, user search): served under the dashboard permission, within the caller's
// sites and user types, never across companies.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client';
import { areas } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { givePersonSite, givePersonUserType, insertPerson } from './helpers/people-rows';
import { scopedAdmin } from './helpers/people-world';
import { expectedWorld, PASSWORD, signIn, type ExpectedWorld } from './helpers/expected-visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const world = () => expectedWorld(ctx.app, ctx.db.db);
type Names = { data: { full_name: string }[] };
const names = (res: { json: <T>() => T }) => res.json<Names>().data.map((p) => p.full_name);

async function employeeOf(w: ExpectedWorld) {
  return (await signIn(ctx.app, w.people.employee.email, PASSWORD)).client;
}

describe('the add form’s choices', () => {
  it('lists the sites with their active areas and the user types, to anyone who may add visits', async () => {
    const w = await world();
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(areas)
        .set({ active: false })
        .where(and(eq(areas.entityId, w.entity.id), eq(areas.id, w.areas.lounge))),
    );
    const res = await w.admin.get('/expected-visits/options');
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json<{
      timezone: string;
      sites: { id: string; name: string; areas: { name: string }[] }[];
      user_types: { id: string; name: string; registration_method: string }[];
    }>();
    expect(options.timezone).toBe('UTC');
    expect(options.sites.map((s) => [s.name, s.areas.map((a) => a.name)])).toEqual([
      ['Branch', ['Lobby']],
      ['HQ', ['Reception']],
    ]);
    expect(options.user_types.find((t) => t.id === w.types.guests)).toMatchObject({
      name: 'Guests',
      registration_method: 'pre_registered_with_approval',
      mandatory_profile_data: [],
    });

    // An employee may add visits (dashboard) but not open the sites or user types screens.
    const employee = await employeeOf(w);
    expect((await employee.get('/sites')).statusCode).toBe(403);
    expect((await employee.get('/user-types')).statusCode).toBe(403);
    expect((await employee.get('/expected-visits/options')).statusCode).toBe(200);

    const scoped = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.guests]);
    const limited = (await scoped.client.get('/expected-visits/options')).json<typeof options>();
    expect(limited.sites.map((s) => s.name)).toEqual(['Branch']);
    expect(limited.user_types.map((t) => t.name)).toEqual(['Guests']);
  });

  it('gives the host settings of the flow a user type follows at a site', async () => {
    const w = await world();
    const res = await w.admin.get(
      `/expected-visits/host-settings?user_type_id=${w.types.visitors}&site_id=${w.sites.hq}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ asked: true, required: true, only_listed: false, note: 'Who are you visiting?' });
    const noFlow = await w.admin.post('/user-types', {
      name: 'Walk-ins',
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
    });
    const none = await w.admin.get(
      `/expected-visits/host-settings?user_type_id=${noFlow.json<{ id: string }>().id}&site_id=${w.sites.hq}`,
    );
    expect(none.json()).toEqual({ asked: false, required: false, only_listed: false, note: '' });
    const other = await world();
    const foreign = await w.admin.get(
      `/expected-visits/host-settings?user_type_id=${other.types.visitors}&site_id=${other.sites.hq}`,
    );
    expect(foreign.json()).toMatchObject({ asked: false });
  });
});

describe('host search', () => {
  it('waits for a first name and two letters of the second, and offers the flow’s listed hosts', async () => {
    const w = await world();
    const short = await w.admin.post('/expected-visits/hosts/search', { query: 'Hannah H' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.query).toEqual([
      "Type the host's first name and at least two letters of the last name.",
    ]);
    // Without a flow: the company's people who use the dashboard (Hector does not).
    expect(names(await w.admin.post('/expected-visits/hosts/search', { query: 'hannah ho' }))).toEqual(['Hannah Host']);
    expect(names(await w.admin.post('/expected-visits/hosts/search', { query: 'Hector He' }))).toEqual([]);
    // The Visitors flow at HQ lists Hannah: only the listed hosts.
    const flow = { user_type_id: w.types.visitors, site_id: w.sites.hq };
    expect(names(await w.admin.post('/expected-visits/hosts/search', { ...flow, query: 'Hannah Ho' }))).toEqual([
      'Hannah Host',
    ]);
    const set = await w.admin.put(`/user-types/${w.types.visitors}/hosts`, { person_ids: [w.other.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(names(await w.admin.post('/expected-visits/hosts/search', { ...flow, query: 'Hector He' }))).toEqual([
      'Hector Helper',
    ]);
    const other = await world();
    expect(names(await other.admin.post('/expected-visits/hosts/search', { query: 'Hannah Ho' }))).toEqual([
      'Hannah Host',
    ]);
    const res = await other.admin.post('/expected-visits/hosts/search', { query: 'Hannah Ho' });
    expect(res.json<{ data: { id: string }[] }>().data.map((p) => p.id)).not.toContain(w.host.id);
  });
});

describe('visitor search', () => {
  it('finds active people in the caller’s scope with their user types, never another company’s', async () => {
    const w = await world();
    const gus = await insertPerson(ctx.db.db, w.entity, {
      firstName: 'Gus',
      lastName: 'Guest',
      email: `gus.${w.tag}@example.test`,
      companyName: 'Gus & Co',
    });
    await givePersonSite(ctx.db.db, w.entity, gus.id, w.sites.hq);
    await givePersonUserType(ctx.db.db, w.entity, gus.id, w.types.guests);
    const gone = await insertPerson(ctx.db.db, w.entity, { firstName: 'Gustav', lastName: 'Gone', status: 'archived' });
    await givePersonSite(ctx.db.db, w.entity, gone.id, w.sites.hq);

    const found = {
      id: gus.id,
      full_name: 'Gus Guest',
      first_name: 'Gus',
      last_name: 'Guest',
      email: `gus.${w.tag}@example.test`,
      company_name: 'Gus & Co',
      user_types: [{ id: w.types.guests, name: 'Guests' }],
    };
    const admin = await w.admin.post('/expected-visits/people/search', { query: 'gus' });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data).toEqual([found]);
    // An employee (no people management) finds people by name or company, without their contact
    // details, and cannot search the directory by email (decision 018).
    const employee = await employeeOf(w);
    const res = await employee.post('/expected-visits/people/search', { query: 'gus' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([{ ...found, email: null }]);
    expect(names(await employee.post('/expected-visits/people/search', { query: `gus.${w.tag}@` }))).toEqual([]);
    expect(names(await w.admin.post('/expected-visits/people/search', { query: `gus.${w.tag}@` }))).toEqual([
      'Gus Guest',
    ]);
    expect((await w.admin.post('/expected-visits/people/search', { query: 'g' })).statusCode).toBe(400);

    const branchOnly = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.branch], [w.types.guests]);
    expect(names(await branchOnly.client.post('/expected-visits/people/search', { query: 'Gus' }))).toEqual([]);
    const other = await world();
    expect(names(await other.admin.post('/expected-visits/people/search', { query: 'Gus' }))).toEqual([]);
  });
});
