import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog, journeyFlowHosts, journeys, kiosks } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, type TestClient } from './helpers/http-client';
import { makePng } from './helpers/images';
import { addFlows, addJourney, insertAttendanceMode, insertCompliance } from './helpers/journeys-factories';
import { insertKiosk, insertPerson, givePersonSite } from './helpers/people-rows';
import { scopedAdmin } from './helpers/people-world';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function addSite(client: TestClient, name: string) {
  const res = await client.post('/sites', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; name: string }>().id;
}

async function addType(client: TestClient, name: string, registration_method = 'registration_allowed') {
  const res = await client.post('/user-types', { name, registration_method, grace_period_minutes: 30 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** A company whose owner is signed in, with two sites and three user types (one needs no registration). */
async function world() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  const sites = { hq: await addSite(client, 'HQ'), branch: await addSite(client, 'Branch') };
  const types = {
    visitors: await addType(client, 'Visitors'),
    contractors: await addType(client, 'Contractors', 'pre_registered_by_admin'),
    staff: await addType(client, 'Staff', 'registration_not_required'),
  };
  return { ...company, client, sites, types };
}

const fields = (res: { json: () => { fields?: Record<string, string[]> } }) => res.json().fields ?? {};

describe('journeys', () => {
  it('creates, lists, changes and reads a journey; the name has at least 2 characters and is unique', async () => {
    const { client, sites } = await world();
    const short = await client.post('/journeys', { name: ' V ', site_ids: [sites.hq] });
    expect(short.statusCode).toBe(400);
    expect(fields(short).name![0]).toBe('Name must be at least 2 characters.');
    const noSite = await client.post('/journeys', { name: 'Visitor entry', site_ids: [] });
    expect(noSite.statusCode).toBe(400);
    expect(fields(noSite).site_ids![0]).toBe('Choose at least one site for the journey.');

    const created = await addJourney(client, {
      name: 'Visitor entry',
      description: 'How visitors get in at reception',
      site_ids: [sites.hq],
    });
    expect(created).toMatchObject({ name: 'Visitor entry', touch_mode: true, flow_count: 0, kiosk_count: 0 });
    expect(created.sites).toEqual([{ id: sites.hq, name: 'HQ', locked: false }]);

    const dup = await client.post('/journeys', { name: 'VISITOR ENTRY', site_ids: [sites.branch] });
    expect(dup.statusCode).toBe(409);
    expect(fields(dup).name![0]).toBe('A journey with this name already exists.');
    client.lang = 'es';
    const dupEs = await client.post('/journeys', { name: 'visitor entry', site_ids: [sites.branch] });
    expect(fields(dupEs).name![0]).toBe('Ya existe un recorrido con este nombre.');
    client.lang = undefined;

    await addJourney(client, { name: 'Remote check-in', remote: true, site_ids: [sites.branch] });
    const list = (await client.get('/journeys?sortField=name&orderBy=desc')).json();
    expect(list.count).toBe(2);
    expect(list.data.map((j: { name: string }) => j.name)).toEqual(['Visitor entry', 'Remote check-in']);
    expect((await client.get(`/journeys?site_id=${sites.branch}`)).json().data).toHaveLength(1);
    expect((await client.get('/journeys?remote=true')).json().data[0].name).toBe('Remote check-in');
    expect((await client.get('/journeys?search=visit')).json().count).toBe(1);
    expect((await client.get('/journeys?sortField=colour')).statusCode).toBe(400);

    const changed = await client.put(`/journeys/${created.id}`, {
      name: 'Visitors and guests',
      description: 'Reception',
      remote: false,
      touch_mode: true,
      site_ids: [sites.hq, sites.branch],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().sites.map((s: { name: string }) => s.name)).toEqual(['Branch', 'HQ']);
    expect((await client.get(`/journeys/${created.id}`)).json().name).toBe('Visitors and guests');
    const renamedToTaken = await client.put(`/journeys/${created.id}`, {
      name: 'remote check-in',
      site_ids: [sites.hq],
    });
    expect(renamedToTaken.statusCode).toBe(409);
  });

  it('takes a logo checked by its content: at least 200×45, at most 2 MB, PNG or JPG', async () => {
    const { client, sites } = await world();
    const journey = await addJourney(client, { name: 'With logo', site_ids: [sites.hq] });
    const upload = (file: Buffer, name = 'logo.png') =>
      client.upload('PUT', `/journeys/${journey.id}/logo`, 'file', file, name, 'image/png');
    const small = await upload(makePng(199, 45));
    expect(small.statusCode).toBe(422);
    expect(fields(small).logo![0]).toBe('The image must be at least 200×45 pixels.');
    const fake = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg');
    expect(fake.statusCode).toBe(422);
    expect(fields(fake).logo![0]).toBe('The file must be a PNG or JPG image.');
    const big = await upload(makePng(400, 100, { padTo: 2 * 1024 * 1024 + 10 }));
    expect(big.statusCode).toBe(413);

    const ok = await upload(makePng(400, 90));
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json().logo_url as string;
    expect(url).toMatch(new RegExp(`^/api/v1/journeys/${journey.id}/logo\\?v=`));
    const image = await client.get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const replaced = (await upload(makePng(300, 60))).json().logo_url as string;
    expect(replaced).not.toBe(url);
    const removed = await client.delete(`/journeys/${journey.id}/logo`);
    expect(removed.json().logo_url).toBeNull();
    expect((await client.get(`/journeys/${journey.id}/logo`)).statusCode).toBe(404);
  });
});

describe('flows', () => {
  it('gives each user type of a journey its flow, with checks, compliances, attendance modes and hosts', async () => {
    const w = await world();
    const { client, sites, types } = w;
    const journey = await addJourney(client, { name: 'Front door', site_ids: [sites.hq] });
    const nda = await insertCompliance(ctx.db.db, w.entity, 'Visitor NDA', { format: 'agreement' });
    const safety = await insertCompliance(ctx.db.db, w.entity, 'Safety briefing');
    const office = await insertAttendanceMode(ctx.db.db, w.entity, 'Office hours', [sites.hq]);
    const host = await insertPerson(ctx.db.db, w.entity, { firstName: 'Hana', lastName: 'Host', email: 'h@x.test' });

    const created = await addFlows(client, journey.id, {
      user_type_ids: [types.visitors, types.contractors],
      inputs: ['qr_code', 'name_search'],
      checks: {
        temperature_check: true,
        temperature_threshold: '99.5F',
        show_temperature: true,
        host: true,
        print_badge: true,
        print_badge_host: true,
        print_badge_journey_company_logo: true,
      },
      host_note: 'Choose the person you are meeting.',
      host_ids: [host.id],
      compliances: [
        { id: safety, required: true },
        { id: nda, required: false },
      ],
      attendance_mode_ids: [office],
      feedback: { welcome_message: 'Welcome, {name}!' },
      notifications: { notify_host_on_arrival: true, extra_recipients: ['security@example.test'] },
    });
    expect(created).toHaveLength(2);
    const flow = created[0]!;
    expect(flow).toMatchObject({
      journey_id: journey.id,
      inputs: ['qr_code', 'name_search'],
      host_note: 'Choose the person you are meeting.',
      hosts: [{ id: host.id, full_name: 'Hana Host', email: 'h@x.test' }],
      compliances: [
        { id: safety, name: 'Safety briefing', required: true },
        { id: nda, name: 'Visitor NDA', format: 'agreement', required: false },
      ],
      attendance_modes: [{ id: office, name: 'Office hours' }],
      compliance_flags: { is_qr_included: true, is_compliance_required: true, is_face_id_included: false },
      editable: true,
    });
    expect((flow.checks as { temperature_threshold: number }).temperature_threshold).toBe(37.5);
    expect(flow.feedback).toMatchObject({ welcome_message: 'Welcome, {name}!', confirmation_seconds: 5 });

    const read = (await client.get(`/journeys/${journey.id}`)).json();
    expect(read.flow_count).toBe(2);
    expect(read.user_types.map((t: { name: string }) => t.name)).toEqual(['Contractors', 'Visitors']);
    const listed = (await client.get(`/journeys/${journey.id}/flows`)).json().data;
    expect(listed.map((f: { user_type: { name: string } }) => f.user_type.name)).toEqual(['Contractors', 'Visitors']);
    const byType = await client.get(`/journeys/${journey.id}/flows/by-user-type/${types.visitors}`);
    expect(byType.json().user_type.name).toBe('Visitors');
    expect((await client.get(`/journeys/${journey.id}/flows/by-user-type/${types.staff}`)).statusCode).toBe(404);
    expect((await client.get(`/journey-flows?journey_id=${journey.id}`)).json().data).toHaveLength(2);
    const atSites = (await client.get(`/journey-flows/by-sites?site_ids=${sites.hq}`)).json().data;
    expect(atSites.map((f: { user_type_name: string }) => f.user_type_name).sort()).toEqual([
      'Contractors',
      'Visitors',
    ]);

    // A type already in the journey is refused.
    const again = await client.post(`/journeys/${journey.id}/flows`, { user_type_ids: [types.visitors] });
    expect(again.statusCode).toBe(409);
    expect(fields(again).user_type_ids![0]).toContain('Visitors');

    // Change one flow: new settings, another order of compliances, no hosts.
    const visitorsFlow = created.find((f) => f.user_type.id === types.visitors)!;
    const put = await client.put(`/journey-flows/${visitorsFlow.id}`, {
      user_type_id: types.visitors,
      inputs: ['face'],
      checks: { mask_check: true, print_badge: true, show_photo: true },
      compliances: [{ id: nda }, { id: safety, required: false }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      inputs: ['face'],
      hosts: [],
      compliances: [
        { id: nda, required: true },
        { id: safety, required: false },
      ],
      attendance_modes: [],
      compliance_flags: { is_face_id_included: true, is_image_required: true },
    });
    expect((await client.get(`/journey-flows/${visitorsFlow.id}`)).json().checks.mask_check).toBe(true);

    // Deleting a flow leaves the other.
    expect((await client.delete(`/journey-flows/${visitorsFlow.id}`)).statusCode).toBe(204);
    expect((await client.get(`/journey-flows/${visitorsFlow.id}`)).statusCode).toBe(404);
    expect((await client.get(`/journeys/${journey.id}`)).json().flow_count).toBe(1);
    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, w.entity.id)),
    );
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['journey.create', 'journey_flow.create', 'journey_flow.update', 'journey_flow.delete']),
    );
  });

  it('refuses bad settings with a translated message naming the field', async () => {
    const w = await world();
    const journey = await addJourney(w.client, { name: 'Strict', site_ids: [w.sites.hq] });
    const post = (body: Record<string, unknown>) =>
      w.client.post(`/journeys/${journey.id}/flows`, { user_type_ids: [w.types.visitors], ...body });
    const badgeHost = await post({ checks: { print_badge_host: true, print_badge: true } });
    expect(badgeHost.statusCode).toBe(400);
    expect(fields(badgeHost)['checks.print_badge_host']![0]).toBe('Turn on “Ask for a host” first.');
    const hot = await post({ checks: { temperature_check: true, temperature_threshold: 60 } });
    expect(fields(hot)['checks.temperature_threshold']![0]).toContain('between 35 °C and 42 °C');
    const word = await post({ checks: { temperature_threshold: 'warm' } });
    expect(fields(word)['checks.temperature_threshold']![0]).toContain('as a number');
    const input = await post({ inputs: ['fingerprint'] });
    expect(input.statusCode).toBe(400);
    expect(Object.keys(fields(input))[0]).toMatch(/^inputs/);
    const seconds = await post({ output: { door_open_seconds: 0 } });
    expect(fields(seconds)['output.door_open_seconds']![0]).toBe('Door open time must be at least 1.');
    const recipients = await post({ notifications: { extra_recipients: ['not-an-email'] } });
    expect(recipients.statusCode).toBe(400);
    const notify = await post({ notifications: { notify_host_on_departure: true } });
    expect(fields(notify)['notifications.notify_host_on_departure']![0]).toBe('Turn on “Ask for a host” first.');
    w.client.lang = 'ar';
    const ar = await post({ checks: { show_temperature: true } });
    expect(fields(ar)['checks.show_temperature']![0]).toBe('فعّل فحص درجة الحرارة أولًا.');
    w.client.lang = undefined;
    // A deleted compliance and an attendance mode of another site are refused.
    const gone = await insertCompliance(ctx.db.db, w.entity, 'Old rule', { deleted: true });
    const goneRes = await post({ compliances: [{ id: gone }] });
    expect(goneRes.statusCode).toBe(404);
    expect(fields(goneRes).compliances).toBeDefined();
    const branchMode = await insertAttendanceMode(ctx.db.db, w.entity, 'Branch shifts', [w.sites.branch]);
    const everywhere = await insertAttendanceMode(ctx.db.db, w.entity, 'Flexible', []);
    const mode = await post({ attendance_mode_ids: [branchMode] });
    expect(mode.statusCode).toBe(422);
    expect(fields(mode).attendance_mode_ids![0]).toContain("does not serve this journey's sites");
    const modes = (await w.client.get(`/journeys/${journey.id}/attendance-modes`)).json().data;
    expect(modes.map((m: { name: string }) => m.name)).toEqual(['Flexible']);
    expect(modes[0]).toMatchObject({ id: everywhere, start_time: '09:00', end_time: '17:00', days: [1, 2, 3, 4, 5] });
    // Nothing was stored by the refusals.
    expect((await w.client.get(`/journeys/${journey.id}`)).json().flow_count).toBe(0);
  });

  it("allows only one 'registration not required' user type per journey (spec §5)", async () => {
    const { client, sites, types } = await world();
    const guests = await addType(client, 'Walk-in guests', 'registration_not_required');
    const journey = await addJourney(client, { name: 'Open door', site_ids: [sites.hq] });
    const both = await client.post(`/journeys/${journey.id}/flows`, { user_type_ids: [types.staff, guests] });
    expect(both.statusCode).toBe(422);
    expect(fields(both).user_type_ids![0]).toBe(
      "Only one 'registration not required' user type per journey: Staff, Walk-in guests.",
    );
    const [staffFlow] = await addFlows(client, journey.id, { user_type_ids: [types.staff] });
    const second = await client.post(`/journeys/${journey.id}/flows`, { user_type_ids: [guests] });
    expect(second.statusCode).toBe(422);
    const [visitorsFlow] = await addFlows(client, journey.id, { user_type_ids: [types.visitors] });
    const swap = await client.put(`/journey-flows/${visitorsFlow!.id}`, { user_type_id: guests });
    expect(swap.statusCode).toBe(422);
    expect(fields(swap).user_type_id![0]).toContain("'registration not required'");
    // The staff flow itself may move to the other such type.
    expect((await client.put(`/journey-flows/${staffFlow!.id}`, { user_type_id: guests })).statusCode).toBe(200);

    const options = (await client.get(`/journeys/${journey.id}/user-types`)).json().data as {
      name: string;
      blocked: string | null;
    }[];
    const blocked = Object.fromEntries(options.map((o) => [o.name, o.blocked]));
    expect(blocked).toEqual({
      Contractors: null,
      Staff: 'registration_not_required_taken',
      Visitors: 'in_journey',
      'Walk-in guests': 'in_journey',
    });
    // Editing the guests' flow: its own type stays available, and so does Staff.
    const editing = (await client.get(`/journeys/${journey.id}/user-types?journey_flow_id=${staffFlow!.id}`)).json()
      .data as { name: string; blocked: string | null }[];
    expect(editing.find((o) => o.name === 'Staff')!.blocked).toBeNull();
    expect(editing.find((o) => o.name === 'Walk-in guests')!.blocked).toBeNull();

    // Nor may a type of the journey become a second one from the user types page.
    const change = await client.put(`/user-types/${types.visitors}`, {
      name: 'Visitors',
      registration_method: 'registration_not_required',
      grace_period_minutes: 30,
    });
    expect(change.statusCode).toBe(422);
    expect(fields(change).registration_method![0]).toBe(
      "These journeys already have a 'registration not required' user type: Open door. Only one per journey.",
    );
    const contractors = await client.put(`/user-types/${types.contractors}`, {
      name: 'Contractors',
      registration_method: 'registration_not_required',
      grace_period_minutes: 30,
    });
    expect(contractors.statusCode, contractors.body).toBe(200);
  });

  it('turns touch mode off only when every flow has an input method (spec §4)', async () => {
    const { client, sites, types } = await world();
    const journey = await addJourney(client, { name: 'Hands free', site_ids: [sites.hq] });
    const [noInput] = await addFlows(client, journey.id, { user_type_ids: [types.visitors] });
    await addFlows(client, journey.id, { user_type_ids: [types.staff], inputs: ['rfid', 'face'] });
    const check = (await client.get(`/journeys/${journey.id}/touch-mode/disable-confirmation`)).json();
    expect(check).toEqual({
      can_disable: false,
      flow_count: 2,
      flows_without_input: [{ flow_id: noInput!.id, user_type_id: types.visitors, user_type_name: 'Visitors' }],
      kiosk_count: 0,
    });
    const off = { name: 'Hands free', site_ids: [sites.hq], touch_mode: false };
    const refused = await client.put(`/journeys/${journey.id}`, off);
    expect(refused.statusCode).toBe(422);
    expect(fields(refused).touch_mode![0]).toBe(
      'Touch mode can be turned off only when every flow has an input method. Add one to the flow of: Visitors.',
    );
    await client.put(`/journey-flows/${noInput!.id}`, { user_type_id: types.visitors, inputs: ['qr_code'] });
    expect((await client.get(`/journeys/${journey.id}/touch-mode/disable-confirmation`)).json().can_disable).toBe(true);
    const done = await client.put(`/journeys/${journey.id}`, off);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().touch_mode).toBe(false);
    // With touch mode off, a flow without an input method is refused.
    const bare = await client.post(`/journeys/${journey.id}/flows`, { user_type_ids: [types.contractors] });
    expect(bare.statusCode).toBe(422);
    expect(fields(bare).inputs![0]).toContain('touch mode off');
    const emptied = await client.put(`/journey-flows/${noInput!.id}`, { user_type_id: types.visitors, inputs: [] });
    expect(emptied.statusCode).toBe(422);
  });

  it("lists a flow's hosts with its note, per flow and per user type", async () => {
    const w = await world();
    const { client, sites, types } = w;
    const journey = await addJourney(client, { name: 'Meetings', site_ids: [sites.hq] });
    const a = await insertPerson(ctx.db.db, w.entity, { firstName: 'Amal', lastName: 'Aziz' });
    const b = await insertPerson(ctx.db.db, w.entity, { firstName: 'Bruno', lastName: 'Blanco' });
    const archived = await insertPerson(ctx.db.db, w.entity, { firstName: 'Old', status: 'archived' });
    const must = await client.post(`/journeys/${journey.id}/flows`, {
      user_type_ids: [types.visitors],
      checks: { host: true, select_host_permitted: true },
    });
    expect(must.statusCode).toBe(422);
    expect(fields(must).host_ids![0]).toBe('Add at least one host, or let visitors choose any host.');
    const archivedRes = await client.post(`/journeys/${journey.id}/flows`, {
      user_type_ids: [types.visitors],
      host_ids: [archived.id],
    });
    expect(fields(archivedRes).host_ids![0]).toBe('Archived people cannot host visitors.');
    const [visitorFlow] = await addFlows(client, journey.id, {
      user_type_ids: [types.visitors],
      checks: { host: true, select_host_permitted: true },
      host_ids: [b.id, a.id],
      host_note: 'Reception will call your host.',
    });
    await addFlows(client, journey.id, { user_type_ids: [types.contractors], host_ids: [b.id] });
    const one = (await client.get(`/journeys/${journey.id}/hosts?journey_flow_id=${visitorFlow!.id}`)).json();
    expect(one).toEqual({
      hosts: [
        { id: a.id, full_name: 'Amal Aziz', email: null },
        { id: b.id, full_name: 'Bruno Blanco', email: null },
      ],
      note: 'Reception will call your host.',
    });
    expect((await client.get(`/journeys/${journey.id}/hosts/${types.visitors}`)).json()).toEqual(one);
    const all = (await client.get(`/journeys/${journey.id}/hosts`)).json();
    expect(all.hosts.map((h: { full_name: string }) => h.full_name)).toEqual(['Amal Aziz', 'Bruno Blanco']);
    expect(all.note).toBeNull();
    expect((await client.get(`/journeys/${journey.id}/hosts/${types.staff}`)).statusCode).toBe(404);
  });
});

describe('kiosks and journeys', () => {
  it('moves kiosks of the journey’s sites to it, refuses others, and refuses deleting a journey kiosks run', async () => {
    const w = await world();
    const { client } = w;
    const lobby = await insertKiosk(ctx.db.db, w.entity, { site: 'Tower', area: 'Lobby', kiosk: 'Lobby kiosk' });
    const gate = await insertKiosk(ctx.db.db, w.entity, { site: 'Depot', area: 'Gate', kiosk: 'Gate kiosk' });
    const journey = await addJourney(client, { name: 'Tower entry', site_ids: [lobby.siteId] });
    const listed = (await client.get(`/journeys/${journey.id}/kiosks`)).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: lobby.kioskId, name: 'Lobby kiosk', journey: null })]);

    const elsewhere = await client.put(`/journeys/${journey.id}/kiosks`, { kiosk_ids: [gate.kioskId] });
    expect(elsewhere.statusCode).toBe(422);
    expect(fields(elsewhere).kiosk_ids![0]).toBe(
      'Gate kiosk stand at sites that “Tower entry” does not apply to. Add their sites to the journey first.',
    );
    const moved = await client.put(`/journeys/${journey.id}/kiosks`, { kiosk_ids: [lobby.kioskId] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data[0].journey).toEqual({ id: journey.id, name: 'Tower entry' });
    expect((await client.get(`/kiosks/${lobby.kioskId}`)).json().journey_id).toBe(journey.id);
    expect((await client.get(`/journeys/${journey.id}`)).json().kiosk_count).toBe(1);

    // The site cannot be taken off the journey, nor the journey deleted, while the kiosk runs it.
    const dropSite = await client.put(`/journeys/${journey.id}`, { name: 'Tower entry', site_ids: [gate.siteId] });
    expect(dropSite.statusCode).toBe(422);
    expect(fields(dropSite).site_ids![0]).toContain('Lobby kiosk');
    const del = await client.delete(`/journeys/${journey.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe(
      'Kiosks run this journey (1): Lobby kiosk. Move them to another journey before deleting it.',
    );

    // The kiosks module: a kiosk takes a journey of its company that applies to its new site.
    const other = await addJourney(client, { name: 'Depot entry', site_ids: [gate.siteId] });
    const wrongSite = await client.put(`/kiosks/${lobby.kioskId}/area`, {
      area_id: lobby.areaId,
      journey_id: other.id,
    });
    expect(wrongSite.statusCode).toBe(422);
    expect(fields(wrongSite).journey_id![0]).toBe("The journey “Depot entry” does not apply to this kiosk's site.");
    const b = await createCompany(ctx.db.db);
    const { client: theirs } = await signIn(ctx.app, b.people.admin.email, PASSWORD);
    const foreign = await addJourney(theirs, { name: 'Theirs', site_ids: [await addSite(theirs, 'Far away')] });
    const foreignRes = await client.put('/kiosks/move', {
      ids: [gate.kioskId],
      area_id: gate.areaId,
      journey_id: foreign.id,
    });
    expect(foreignRes.statusCode).toBe(404);
    expect(fields(foreignRes).journey_id).toBeDefined();
    const withJourney = await client.put('/kiosks/move', {
      ids: [gate.kioskId],
      area_id: gate.areaId,
      journey_id: other.id,
    });
    expect(withJourney.statusCode, withJourney.body).toBe(200);
    expect(withJourney.json().data[0].journey_id).toBe(other.id);
    // Moved to a site its journey does not apply to, the kiosk stops running it.
    const toTower = await client.put(`/kiosks/${gate.kioskId}/area`, { area_id: lobby.areaId });
    expect(toTower.statusCode, toTower.body).toBe(200);
    expect(toTower.json().journey_id).toBeNull();

    // Released, the journey can go; its flows go with it.
    expect((await client.delete(`/journeys/${journey.id}/kiosks/${lobby.kioskId}`)).statusCode).toBe(204);
    expect((await client.delete(`/journeys/${journey.id}/kiosks/${lobby.kioskId}`)).statusCode).toBe(404);
    await addFlows(client, journey.id, { user_type_ids: [w.types.visitors] });
    expect((await client.delete(`/journeys/${journey.id}`)).statusCode).toBe(204);
    expect((await client.get(`/journeys/${journey.id}`)).statusCode).toBe(404);
    const [kiosk] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select().from(kiosks).where(eq(kiosks.id, lobby.kioskId)),
    );
    expect(kiosk!.journeyId).toBeNull();
  });

  it('refuses deleting a user type a journey flow uses, naming the journeys', async () => {
    const { client, sites, types } = await world();
    const journey = await addJourney(client, { name: 'Induction', site_ids: [sites.hq] });
    const [flow] = await addFlows(client, journey.id, { user_type_ids: [types.contractors] });
    const refused = await client.delete(`/user-types/${types.contractors}`);
    expect(refused.statusCode).toBe(422);
    expect(fields(refused).id![0]).toBe(
      'Journeys have a flow for this user type: Induction. Delete those flows first.',
    );
    await client.delete(`/journey-flows/${flow!.id}`);
    expect((await client.delete(`/user-types/${types.contractors}`)).statusCode).toBe(204);
  });
});

describe('admins limited to some sites and user types (spec §6)', () => {
  it('see and act only on journeys of their sites, and keep the sites they cannot see', async () => {
    const w = await world();
    const { client, sites, types } = w;
    const hqOnly = await addJourney(client, { name: 'HQ only', site_ids: [sites.hq] });
    const both = await addJourney(client, { name: 'Both sites', site_ids: [sites.hq, sites.branch] });
    const branchOnly = await addJourney(client, { name: 'Branch only', site_ids: [sites.branch] });
    await addFlows(client, both.id, { user_type_ids: [types.visitors] });
    const [staffFlow] = await addFlows(client, both.id, { user_type_ids: [types.staff] });
    const outsider = await insertPerson(ctx.db.db, w.entity, { firstName: 'Branch', lastName: 'Host' });
    await givePersonSite(ctx.db.db, w.entity, outsider.id, sites.branch);
    const insider = await insertPerson(ctx.db.db, w.entity, { firstName: 'Hq', lastName: 'Host' });
    await givePersonSite(ctx.db.db, w.entity, insider.id, sites.hq);
    await client.put(`/journey-flows/${staffFlow!.id}`, { user_type_id: types.staff, host_ids: [outsider.id] });

    const { client: limited } = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [sites.branch], [types.visitors]);
    const names = (await limited.get('/journeys')).json().data.map((j: { name: string }) => j.name);
    expect(names.sort()).toEqual(['Both sites', 'Branch only']);
    expect((await limited.get(`/journeys/${hqOnly.id}`)).statusCode).toBe(404);
    expect((await limited.put(`/journeys/${hqOnly.id}`, { name: 'Mine', site_ids: [sites.branch] })).statusCode).toBe(
      404,
    );
    expect((await limited.delete(`/journeys/${hqOnly.id}`)).statusCode).toBe(404);
    expect((await limited.get(`/journeys/${hqOnly.id}/flows`)).statusCode).toBe(404);

    // HQ is shown locked and stays when the admin saves the journey with only Branch.
    const seen = (await limited.get(`/journeys/${both.id}`)).json();
    expect(seen.sites).toEqual([
      { id: sites.branch, name: 'Branch', locked: false },
      { id: sites.hq, name: 'HQ', locked: true },
    ]);
    const saved = await limited.put(`/journeys/${both.id}`, { name: 'Both sites', site_ids: [sites.branch] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().sites.map((s: { name: string }) => s.name)).toEqual(['Branch', 'HQ']);
    // A site outside the admin's own cannot be added.
    const add = await limited.put(`/journeys/${branchOnly.id}`, { name: 'Branch only', site_ids: [sites.hq] });
    expect(add.statusCode).toBe(422);
    expect(fields(add).site_ids![0]).toBe('One of the chosen sites does not exist or is not assigned to you.');
    expect((await limited.post('/journeys', { name: 'Sneaky', site_ids: [sites.hq] })).statusCode).toBe(422);
    const own = await addJourney(limited, { name: 'Branch visitors', site_ids: [sites.branch] });
    expect(own.sites).toEqual([{ id: sites.branch, name: 'Branch', locked: false }]);

    // Flows of user types outside the admin's are shown, not changed; hosts outside stay.
    const flows = (await limited.get(`/journeys/${both.id}/flows`)).json().data as {
      id: string;
      editable: boolean;
      user_type: { name: string };
      hosts: unknown[];
    }[];
    expect(flows.map((f) => [f.user_type.name, f.editable])).toEqual([
      ['Staff', false],
      ['Visitors', true],
    ]);
    expect(flows[0]!.hosts).toEqual([{ id: outsider.id, full_name: 'Branch Host', email: null }]);
    expect((await limited.put(`/journey-flows/${staffFlow!.id}`, { user_type_id: types.staff })).statusCode).toBe(404);
    expect((await limited.delete(`/journey-flows/${staffFlow!.id}`)).statusCode).toBe(404);
    const contractors = await limited.post(`/journeys/${both.id}/flows`, { user_type_ids: [types.contractors] });
    expect(contractors.statusCode).toBe(404);
    expect(fields(contractors).user_type_ids).toBeDefined();
    const options = (await limited.get(`/journeys/${both.id}/user-types`)).json().data;
    expect(options.map((o: { name: string }) => o.name)).toEqual(['Visitors']);

    // A scoped admin's change of hosts keeps the hosts they cannot see.
    const visitorsFlow = flows.find((f) => f.user_type.name === 'Visitors')!;
    await client.put(`/journey-flows/${visitorsFlow.id}`, {
      user_type_id: types.visitors,
      host_ids: [insider.id, outsider.id],
    });
    const hostsSeen = (await limited.get(`/journeys/${both.id}/hosts?journey_flow_id=${visitorsFlow.id}`)).json();
    expect(hostsSeen.hosts.map((h: { id: string }) => h.id)).toEqual([outsider.id]);
    const cleared = await limited.put(`/journey-flows/${visitorsFlow.id}`, {
      user_type_id: types.visitors,
      host_ids: [],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const stored = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ id: journeyFlowHosts.personId })
        .from(journeyFlowHosts)
        .where(and(eq(journeyFlowHosts.entityId, w.entity.id), eq(journeyFlowHosts.flowId, visitorsFlow.id))),
    );
    expect(stored.map((r) => r.id)).toEqual([insider.id]);
    // Hosts outside the admin's scope cannot be chosen by them.
    const pick = await limited.put(`/journey-flows/${visitorsFlow.id}`, {
      user_type_id: types.visitors,
      host_ids: [insider.id],
    });
    expect(pick.statusCode).toBe(422);
  });
});

describe('another company can neither read nor change journeys', () => {
  it('answers 404 for another company’s journeys, flows and references', async () => {
    const a = await world();
    const b = await world();
    const theirs = await addJourney(b.client, { name: 'Their journey', site_ids: [b.sites.hq] });
    await b.client.upload('PUT', `/journeys/${theirs.id}/logo`, 'file', makePng(300, 60), 'l.png', 'image/png');
    const [theirFlow] = await addFlows(b.client, theirs.id, { user_type_ids: [b.types.visitors] });
    const body = { name: 'Ours now', site_ids: [a.sites.hq] };
    const urls = [
      `/journeys/${theirs.id}`,
      `/journeys/${theirs.id}/flows`,
      `/journeys/${theirs.id}/logo`,
      `/journeys/${theirs.id}/kiosks`,
      `/journeys/${theirs.id}/hosts`,
      `/journeys/${theirs.id}/user-types`,
      `/journeys/${theirs.id}/attendance-modes`,
      `/journeys/${theirs.id}/touch-mode/disable-confirmation`,
      `/journeys/${theirs.id}/flows/by-user-type/${b.types.visitors}`,
      `/journey-flows/${theirFlow!.id}`,
    ];
    for (const url of urls) expect((await a.client.get(url)).statusCode, url).toBe(404);
    expect((await a.client.put(`/journeys/${theirs.id}`, body)).statusCode).toBe(404);
    expect((await a.client.delete(`/journeys/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.client.delete(`/journeys/${theirs.id}/logo`)).statusCode).toBe(404);
    expect(
      (await a.client.post(`/journeys/${theirs.id}/flows`, { user_type_ids: [a.types.visitors] })).statusCode,
    ).toBe(404);
    expect((await a.client.put(`/journey-flows/${theirFlow!.id}`, { user_type_id: b.types.visitors })).statusCode).toBe(
      404,
    );
    expect((await a.client.delete(`/journey-flows/${theirFlow!.id}`)).statusCode).toBe(404);
    expect((await a.client.get('/journeys')).json().count).toBe(0);
    expect((await a.client.get(`/journey-flows/by-sites?site_ids=${b.sites.hq}`)).json().data).toEqual([]);

    // Their sites, user types, compliances and people cannot be named in our journeys.
    expect((await a.client.post('/journeys', { name: 'Borrowed', site_ids: [b.sites.hq] })).statusCode).toBe(422);
    const mine = await addJourney(a.client, { name: 'Mine', site_ids: [a.sites.hq] });
    expect((await a.client.post(`/journeys/${mine.id}/flows`, { user_type_ids: [b.types.visitors] })).statusCode).toBe(
      404,
    );
    const theirRule = await insertCompliance(ctx.db.db, b.entity, 'Their rule');
    const ruleRes = await a.client.post(`/journeys/${mine.id}/flows`, {
      user_type_ids: [a.types.visitors],
      compliances: [{ id: theirRule }],
    });
    expect(ruleRes.statusCode).toBe(404);
    const theirHost = await insertPerson(ctx.db.db, b.entity, { firstName: 'Their', lastName: 'Host' });
    const hostRes = await a.client.post(`/journeys/${mine.id}/flows`, {
      user_type_ids: [a.types.visitors],
      host_ids: [theirHost.id],
    });
    expect(hostRes.statusCode).toBe(422);
    const theirMode = await insertAttendanceMode(ctx.db.db, b.entity, 'Their shifts');
    const modeRes = await a.client.post(`/journeys/${mine.id}/flows`, {
      user_type_ids: [a.types.visitors],
      attendance_mode_ids: [theirMode],
    });
    expect(modeRes.statusCode).toBe(422);

    // Their journey is untouched, and row-level security hides it from our tenant.
    const [row] = await ctx.db.db.select().from(journeys).where(eq(journeys.id, theirs.id));
    expect(row!.name).toBe('Their journey');
    const visible = await withTenant(ctx.db.db, a.entity.id, (tx) => tx.select({ id: journeys.id }).from(journeys));
    expect(visible.map((r) => r.id)).toEqual([mine.id]);
  });

  it('lets an employee neither read nor change journeys', async () => {
    const w = await world();
    const journey = await addJourney(w.client, { name: 'Private', site_ids: [w.sites.hq] });
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect((await employee.get('/journeys')).statusCode).toBe(403);
    expect((await employee.get(`/journeys/${journey.id}`)).statusCode).toBe(403);
    expect((await employee.put(`/journeys/${journey.id}`, { name: 'Mine', site_ids: [w.sites.hq] })).statusCode).toBe(
      403,
    );
    expect((await employee.get('/input-methods')).json()).toEqual({ data: ['qr_code', 'face', 'rfid', 'name_search'] });
  });
});
