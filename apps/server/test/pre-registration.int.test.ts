// The public self-registration link (spec /pre-registration/:id?, §5 "Pre-registration server checks",
// pre-registration photo, §7 "Pre-registration"): what the link offers, the checks, host search, and
// registering a visit per registration method.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { journeyFlows, people } from '../src/db/schema/index';
import { TestClient } from './helpers/http-client';
import { makePng } from './helpers/images';
import { createTestApp, type TestContext } from './helpers/test-app';
import { givePersonSite, givePersonUserType, insertPerson } from './helpers/people-rows';
import {
  auditsOf,
  expectedWorld,
  newVisitor,
  postForm,
  slot,
  storedVisit,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';
import { mailsTo } from './helpers/mail';

let ctx: TestContext;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  visitor = new TestClient(ctx.app);
});
afterAll(async () => ctx.close());

const world = () => expectedWorld(ctx.app, ctx.db.db);
type Res = Pick<LightMyRequestResponse, 'json'>;
const fields = (res: Res) => res.json<{ fields?: Record<string, string[]> }>().fields ?? {};

async function form(w: ExpectedWorld, typeId: string, over: Record<string, unknown> = {}) {
  return {
    link_id: await w.qrOf(typeId),
    user_type_id: typeId,
    area_id: w.areas.reception,
    ...slot(1),
    ...newVisitor(w.tag),
    host_ids: [w.host.id],
    ...over,
  };
}

async function personByEmail(w: ExpectedWorld, email: string) {
  return withTenant(ctx.db.db, w.entity.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(people)
      .where(and(eq(people.entityId, w.entity.id), eq(people.email, email)));
    return row;
  });
}

/** The flow of a user type asks for an image (face input), so a photo must come with the form. */
async function askImage(w: ExpectedWorld, typeId: string) {
  await withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx
      .update(journeyFlows)
      .set({ settings: { inputs: ['face'], checks: { host: true } } })
      .where(and(eq(journeyFlows.entityId, w.entity.id), eq(journeyFlows.id, w.flows[typeId]!))),
  );
}

describe('a self-registration link', () => {
  it('offers the company, the user type, its flows with sites and areas, compliance flags and host settings', async () => {
    const w = await world();
    const res = await visitor.get(`/public/pre-registration/${await w.qrOf(w.types.visitors)}`);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      kind: 'self_registration',
      company: { name: w.entity.name, logo_url: null },
      timezone: 'UTC',
      message: null,
      visit: null,
      custom_fields: [],
      user_types: [
        {
          id: w.types.visitors,
          name: 'Visitors',
          registration_method: 'registration_allowed',
          registration_available: true,
        },
      ],
    });
    expect(info.flows).toHaveLength(1);
    expect(info.flows[0]).toMatchObject({
      flow_id: w.flows[w.types.visitors],
      user_type_id: w.types.visitors,
      compliance_flags: {
        is_image_required: false,
        is_qr_included: false,
        is_face_id_included: false,
        is_rfid_included: false,
        is_compliance_required: false,
        is_using_kiosk_screen: true,
      },
      host: { asked: true, required: true, only_listed: false, note: 'Who are you visiting?' },
    });
    expect(
      info.flows[0].sites.map((s: { name: string; areas: { name: string }[] }) => [s.name, s.areas.map((a) => a.name)]),
    ).toEqual([
      ['Branch', ['Lobby']],
      ['HQ', ['Lounge', 'Reception']],
    ]);
  });

  it('offers the other user types when the link’s type lets people switch', async () => {
    const w = await world();
    const res = await w.admin.put(`/user-types/${w.types.visitors}`, {
      name: 'Visitors',
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
      can_switch_own_type: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const info = (await visitor.get(`/public/pre-registration/${await w.qrOf(w.types.visitors)}`)).json();
    expect(info.user_types[0].id).toBe(w.types.visitors);
    expect(info.user_types.map((x: { name: string }) => x.name)).toEqual([
      'Visitors',
      'Contractors',
      'Guests',
      'Staff',
      'Vendors',
    ]);
    expect(info.user_types.find((x: { name: string }) => x.name === 'Vendors').registration_available).toBe(false);
    // Vendors register only through an admin: no flow offered for them.
    expect(info.flows.map((f: { user_type_id: string }) => f.user_type_id)).not.toContain(w.types.vendors);
  });

  it('says registration is not available through a pre-registered-by-admin type’s link, and refuses it', async () => {
    const w = await world();
    const info = (await visitor.get(`/public/pre-registration/${await w.qrOf(w.types.vendors)}`)).json();
    expect(info).toMatchObject({
      kind: 'self_registration',
      message: 'Registration is not available via this link.',
      flows: [],
    });
    const res = await visitor.post('/public/pre-registrations', await form(w, w.types.vendors));
    expect(res.statusCode).toBe(422);
    expect(fields(res).user_type_id).toEqual(['Registration is not available via this link.']);
  });

  it('answers an unknown link as a generic expired link', async () => {
    const res = await visitor.get('/public/pre-registration/not-a-real-link-123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'expired',
      company: null,
      visit: {
        visitMetadata: {
          is_expired: true,
          reason: 'LINK_INVALID',
          message: 'This link is not valid or has expired. Please contact the system admin for further details.',
        },
        user: null,
      },
    });
  });
});

describe('the pre-registration checks', () => {
  it('searches hosts by name only after a first name and two letters, and answers names only', async () => {
    const w = await world();
    const id = await w.qrOf(w.types.visitors);
    const flow_id = w.flows[w.types.visitors];
    const short = await visitor.post(`/public/pre-registration/${id}/hosts/search`, { flow_id, query: 'Hannah H' });
    expect(short.statusCode).toBe(400);
    expect(fields(short).query).toEqual(["Type the host's first name and at least two letters of the last name."]);
    const found = await visitor.post(`/public/pre-registration/${id}/hosts/search`, { flow_id, query: 'hannah ho' });
    expect(found.json()).toEqual({ data: [{ id: w.host.id, full_name: 'Hannah Host' }] });
    // Hector is not on the flow's host list.
    expect(
      (await visitor.post(`/public/pre-registration/${id}/hosts/search`, { flow_id, query: 'Hector He' })).json(),
    ).toEqual({ data: [] });
    // A flow of a type the link does not offer is not searched.
    const foreign = await visitor.post(`/public/pre-registration/${id}/hosts/search`, {
      flow_id: w.flows[w.types.guests],
      query: 'Hannah Ho',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('tells whether a person may register as the type, and nothing more about who exists (decision 018)', async () => {
    const w = await world();
    const staff = await insertPerson(ctx.db.db, w.entity, {
      firstName: 'Sam',
      email: `sam.${w.tag}@example.test`,
      phoneCode: '44',
      phone: '700000001',
    });
    await givePersonUserType(ctx.db.db, w.entity, staff.id, w.types.staff);
    const visitorOfType = await insertPerson(ctx.db.db, w.entity, {
      firstName: 'Val',
      email: `val.${w.tag}@example.test`,
    });
    await givePersonUserType(ctx.db.db, w.entity, visitorOfType.id, w.types.visitors);
    const id = await w.qrOf(w.types.visitors);
    const check = (body: Record<string, unknown>) =>
      visitor.post(`/public/pre-registration/${id}/check-user`, { user_type_id: w.types.visitors, ...body });
    // Someone unknown and someone known who may register get the very same answer.
    const unknown = await check({ email: 'new.person@example.test' });
    expect(unknown.json()).toEqual({ allowed: true, message: null });
    expect((await check({ email: visitorOfType.email })).body).toBe(unknown.body);
    expect((await check({ phone_code: '+44', phone: '700000001' })).json()).toEqual({
      allowed: false,
      message:
        'Registration is not allowed: you are already registered with another user type. Please contact the system admin for further details.',
    });
    const refused = await visitor.post(
      '/public/pre-registrations',
      await form(w, w.types.visitors, { email: staff.email }),
    );
    expect(refused.statusCode).toBe(422);
    expect(fields(refused).user_type_id![0]).toMatch(/^Registration is not allowed/);

    const res = await w.admin.put(`/user-types/${w.types.staff}`, {
      name: 'Staff',
      registration_method: 'registration_not_required',
      grace_period_minutes: 30,
      can_switch_own_type: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await check({ email: staff.email })).json()).toEqual({ allowed: true, message: null });
    const switched = await visitor.post(
      '/public/pre-registrations',
      await form(w, w.types.visitors, { email: staff.email }),
    );
    expect(switched.statusCode, switched.body).toBe(201);
    expect((await w.admin.get(`/people/${staff.id}`)).json().user_types).toEqual([
      { id: w.types.visitors, name: 'Visitors' },
    ]);
    // The public form never renamed the existing person.
    expect((await w.admin.get(`/people/${staff.id}`)).json().first_name).toBe('Sam');
    const wrongType = await check({ user_type_id: w.types.guests });
    expect(wrongType.statusCode).toBe(422);
  });

  it('answers error_date with a title and body when the person already has a visit that day', async () => {
    const w = await world();
    const body = await form(w, w.types.visitors);
    const id = body.link_id;
    const free = await visitor.post(`/public/pre-registration/${id}/check-visit`, {
      email: body.email,
      area_id: w.areas.reception,
      ...slot(1),
    });
    expect(free.json()).toEqual({ visit_exists: false, error_date: null });
    expect((await visitor.post('/public/pre-registrations', body)).statusCode).toBe(201);
    const taken = await visitor.post(`/public/pre-registration/${id}/check-visit`, {
      email: body.email,
      area_id: w.areas.lounge,
      ...slot(1, 16),
    });
    expect(taken.json()).toEqual({
      visit_exists: true,
      error_date: {
        title: 'You already have a visit on this date',
        body: `You already have a visit expected on ${slot(1).visit_date}. Choose another date, or contact the system admin for further details.`,
      },
    });
    visitor.lang = 'es';
    const es = await visitor.post(`/public/pre-registration/${id}/check-visit`, {
      email: body.email,
      area_id: w.areas.lounge,
      ...slot(1, 16),
    });
    visitor.lang = undefined;
    expect(es.json().error_date.title).toBe('Ya tiene una visita en esta fecha');
    const again = await visitor.post('/public/pre-registrations', { ...body, ...slot(1, 17) });
    expect(again.statusCode).toBe(422);
    expect(fields(again).visit_date![0]).toMatch(/^You already have a visit expected on/);
  });

  it('refuses an email and a phone that belong to two different people', async () => {
    const w = await world();
    const a = await insertPerson(ctx.db.db, w.entity, { firstName: 'Ann', email: `ann.${w.tag}@example.test` });
    await insertPerson(ctx.db.db, w.entity, { firstName: 'Bob', phoneCode: '44', phone: '711111111' });
    const res = await visitor.post(
      '/public/pre-registrations',
      await form(w, w.types.visitors, { email: a.email, phone: '711111111' }),
    );
    expect(res.statusCode).toBe(409);
    expect(fields(res).phone![0]).toMatch(/belong to two different people/);
  });
});

describe('registering a visit', () => {
  it('creates the person and a visit that follows its compliance, answers the QR and emails the visitor', async () => {
    const w = await world();
    const res = await visitor.post(
      '/public/pre-registrations',
      await form(w, w.types.visitors, { host_message: 'Running late' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const done = res.json();
    expect(done).toMatchObject({
      message: 'Created successfully',
      stage: 'ready_to_sign_in',
      approval: 'not_needed',
      compliance_url: null,
      expectedDateTime: `${slot(1).visit_date} 10:00:00`,
    });
    expect(done.qr).toMatch(/^data:image\/png;base64,/);
    expect(done.link_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const visit = await storedVisit(ctx.db.db, w.entity, done.visit_id);
    expect(visit).toMatchObject({ state: 'expected', hostMessage: 'Running late', linkCode: done.link_code });
    expect(visit.confirmedAt).not.toBeNull();
    const person = (await personByEmail(w, `vera.${w.tag}@example.test`))!;
    expect(person).toMatchObject({ firstName: 'Vera', phoneCode: '44', companyName: 'Acme Ltd' });
    const [mail] = await mailsTo(ctx.db.db, person.email!);
    expect(mail!.text).toContain('Your visit is registered.');
    expect(mail!.text).toContain(done.link_code);
    expect((await auditsOf(ctx.db.db, w.entity, done.visit_id)).map((a) => [a.action, a.actorKind])).toEqual([
      ['visit.expected', 'link'],
    ]);
    expect((await auditsOf(ctx.db.db, w.entity, person.id)).map((a) => a.action)).toEqual(['person.create']);
  });

  it('waits for approval, or is auto-approved, per the user type', async () => {
    const w = await world();
    const guests = await visitor.post('/public/pre-registrations', await form(w, w.types.guests));
    expect(guests.json()).toMatchObject({ stage: 'awaiting_approval', approval: 'awaiting' });
    expect((await mailsTo(ctx.db.db, `vera.${w.tag}@example.test`))[0]!.text).toContain(
      'Your visit waits for approval',
    );
    const contractors = await visitor.post(
      '/public/pre-registrations',
      await form(
        w,
        w.types.contractors,
        newVisitor(`${w.tag}c`, { email: `c.${w.tag}@example.test`, phone: '733333333' }),
      ),
    );
    expect(contractors.json()).toMatchObject({ stage: 'auto_approved', approval: 'auto_approved' });
    const staff = await visitor.post(
      '/public/pre-registrations',
      await form(w, w.types.staff, newVisitor(`${w.tag}s`, { email: `s.${w.tag}@example.test`, phone: '744444444' })),
    );
    expect(staff.json()).toMatchObject({ stage: 'ready_to_sign_in', approval: 'not_needed' });
  });

  it('refuses what breaks the rules: past times, hosts, areas not offered, bad fields', async () => {
    const w = await world();
    const other = await world();
    const past = await visitor.post('/public/pre-registrations', await form(w, w.types.visitors, slot(-1)));
    expect(past.statusCode).toBe(422);
    expect(fields(past).visit_time).toEqual(['Visit date and time cannot be before now.']);
    const noHost = await visitor.post('/public/pre-registrations', await form(w, w.types.visitors, { host_ids: '[]' }));
    expect(fields(noHost).host_ids).toEqual(['Choose a host for this visit.']);
    const foreign = await visitor.post(
      '/public/pre-registrations',
      await form(w, w.types.visitors, { area_id: other.areas.reception }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(fields(foreign).area_id).toEqual(['This area is not offered for this user type.']);
    const otherType = await visitor.post(
      '/public/pre-registrations',
      await form(w, w.types.visitors, { user_type_id: w.types.guests }),
    );
    expect(fields(otherType).user_type_id).toEqual(['This user type cannot register through this link.']);
    const badEmail = await visitor.post(
      '/public/pre-registrations',
      await form(w, w.types.visitors, { email: 'nope' }),
    );
    expect(badEmail.statusCode).toBe(400);
    expect(fields(badEmail).email).toEqual(['Invalid email address']);
    const noLink = await visitor.post(
      '/public/pre-registrations',
      await form(w, w.types.visitors, { link_id: 'unknown-link-000' }),
    );
    expect(noLink.statusCode).toBe(404);
    expect(await personByEmail(w, `vera.${w.tag}@example.test`)).toBeUndefined();
  });

  it('takes a photo by multipart only when the flow needs an image, checked by content and the pre-registration size', async () => {
    const w = await world();
    await askImage(w, w.types.visitors);
    const info = (await visitor.get(`/public/pre-registration/${await w.qrOf(w.types.visitors)}`)).json();
    expect(info.flows[0].compliance_flags).toMatchObject({ is_image_required: true, is_face_id_included: true });
    const fieldsOf = async (over: Record<string, unknown> = {}) => ({ ...(await form(w, w.types.visitors, over)) });
    const photo = (data: Buffer) => ({ field: 'photo', data, name: 'me.png', type: 'image/png' });

    const without = await postForm(visitor, '/public/pre-registrations', await fieldsOf());
    expect(without.statusCode).toBe(422);
    expect(fields(without).photo).toEqual(['A photo is required to register for this visit.']);
    const small = await postForm(visitor, '/public/pre-registrations', await fieldsOf(), photo(makePng(240, 320)));
    expect(small.statusCode).toBe(422);
    expect(fields(small).photo).toEqual(['The image must be at least 250×300 pixels.']);
    const wide = await postForm(visitor, '/public/pre-registrations', await fieldsOf(), photo(makePng(4100, 400)));
    expect(wide.statusCode).toBe(422);
    expect(fields(wide).photo).toEqual(['The image must be at most 4096×2688 pixels.']);
    const notImage = await postForm(
      visitor,
      '/public/pre-registrations',
      await fieldsOf(),
      photo(Buffer.from('GIF89a fake')),
    );
    expect(fields(notImage).photo).toEqual(['The file must be a PNG or JPG image.']);
    const heavy = await postForm(
      visitor,
      '/public/pre-registrations',
      await fieldsOf(),
      photo(makePng(300, 400, { padTo: 3 * 1024 * 1024 + 10 })),
    );
    expect(heavy.statusCode).toBe(413);
    const badField = await postForm(
      visitor,
      '/public/pre-registrations',
      await fieldsOf({ phone: 'abc' }),
      photo(makePng(300, 400)),
    );
    expect(badField.statusCode).toBe(400);
    expect(fields(badField).phone).toEqual(['Phone must contain digits only.']);

    const ok = await postForm(visitor, '/public/pre-registrations', await fieldsOf(), photo(makePng(300, 400)));
    expect(ok.statusCode, ok.body).toBe(201);
    const person = (await personByEmail(w, `vera.${w.tag}@example.test`))!;
    expect(person.image).toMatch(new RegExp(`^entities/${w.entity.id}/people/${person.id}/.+\\.png$`));
    // A person who has a photo sends none the next time.
    const next = await postForm(visitor, '/public/pre-registrations', await fieldsOf(slot(3)));
    expect(next.statusCode, next.body).toBe(201);
  });

  it('keeps a known person of the type as they are and adds the visit’s site', async () => {
    const w = await world();
    const known = await insertPerson(ctx.db.db, w.entity, { firstName: 'Kim', email: `kim.${w.tag}@example.test` });
    await givePersonSite(ctx.db.db, w.entity, known.id, w.sites.branch);
    await givePersonUserType(ctx.db.db, w.entity, known.id, w.types.visitors);
    const res = await visitor.post(
      '/public/pre-registrations',
      await form(w, w.types.visitors, { email: known.email, first_name: 'Mallory' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const person = (await w.admin.get(`/people/${known.id}`)).json();
    expect(person.first_name).toBe('Kim');
    expect(person.company_name).toBe('Acme Ltd');
    expect(person.sites.map((s: { name: string }) => s.name)).toEqual(['Branch', 'HQ']);
  });
});
