// How a kiosk finds people (decision 044): only active people of its company with one of its journey's
// user types and its site, only their names, user types, photo flag and hashed codes; codes resolved by
// an index under the app role; the dashboard's host search and sign-in preview run as the kiosk.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKioskCode } from '@app/shared/kiosks/code-hash';
import type {
  KioskPeoplePage,
  KioskPeopleSearchResult,
  KioskPerson,
  KioskResolved,
} from '@app/shared/kiosks/device-lookup';
import { rowsOf, withTenant } from '../src/db/client';
import { newId } from '../src/lib/ids';
import {
  afterId,
  byCard,
  byQrCode,
  kioskPeopleSql,
  passByCodeSql,
  type KioskReach,
} from '../src/modules/kiosks/kiosk-device-lookup.repository';
import { bulkPeople } from './helpers/bulk-rows';
import { TestClient } from './helpers/http-client';
import { makePng } from './helpers/images';
import { pairJourneyKiosk, pairKiosk } from './helpers/kiosk-pairing';
import { insertPerson } from './helpers/people-rows';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, visitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  // The plan test below weighs indexes by this company's statistics only: a database of its own.
  ctx = await createTestApp({}, undefined, { ownDatabase: true });
});
afterAll(async () => {
  await ctx.close();
});

type Res = { statusCode: number; body: string; json: <T>() => T };
const error = (res: Res) => res.json<{ code: string; message: string; fields?: Record<string, string[]> }>();
/** A refusal naming `field` with a translated message, never a 500. */
function refused(res: Res, status: number, field: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = error(res);
  expect(body.fields, res.body).toHaveProperty(field);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const HOUR = 3_600_000;

/**
 * A company whose journey has a flow for visitors only, a kiosk at HQ's reception running it, and people:
 * Ada (visitor at HQ, with a card and a pass for today), Sam (staff: no flow), Olga (visitor at the
 * Branch only), Arch (an archived visitor).
 */
async function kioskWorld() {
  const w = await visitsWorld(ctx.app, ctx.db.db);
  await w.flow(w.types.visitors);
  const kiosk = await pairJourneyKiosk(ctx.app, w.admin, w.areas.reception, w.journey);
  const ada = await w.person('Ada', w.types.visitors, w.sites.hq, { lastName: 'Lovelace', rfid: '04A23F9B' });
  const sam = await w.person('Sam', w.types.staff, w.sites.hq, { lastName: 'Tester' });
  const olga = await w.person('Olga', w.types.visitors, w.sites.branch, { lastName: 'Tester' });
  const arch = await w.person('Arch', w.types.visitors, w.sites.hq, { lastName: 'Tester', status: 'archived' });
  const pass = await insertVisit(ctx.db.db, w.entity, {
    personId: ada.id,
    siteId: w.sites.hq,
    areaId: w.areas.reception,
    state: 'expected',
    expectedAt: new Date(Date.now() + 60_000),
    linkCode: `K${newId().replace(/-/g, '').slice(-7).toUpperCase()}`,
    linkToken: newId(),
  });
  return { w, kiosk, ada, sam, olga, arch, pass };
}

const peopleOf = async (device: TestClient, query = '') => {
  const res = await device.get(`/kiosk-device/people${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KioskPeoplePage>();
};

const resolve = (device: TestClient, kind: string, code: unknown) =>
  device.post('/kiosk-device/resolve', { kind, code });

describe('the people a kiosk keeps', () => {
  it('lists only active people of its journey’s user types at its site, with hashed codes and nothing else', async () => {
    const { w, kiosk, ada, pass } = await kioskWorld();
    // A pass of Ada's tomorrow, and one at the Branch: not today's here.
    await insertVisit(ctx.db.db, w.entity, {
      personId: ada.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'expected',
      expectedAt: new Date(Date.now() + 30 * HOUR),
      linkCode: 'TOMORROW',
    });
    await insertVisit(ctx.db.db, w.entity, {
      personId: ada.id,
      siteId: w.sites.branch,
      areaId: w.areas.lobby,
      state: 'expected',
      expectedAt: new Date(Date.now() + 60_000),
      linkCode: 'BRANCHES',
    });
    const page = await peopleOf(kiosk.device);
    expect(page.data.map((p) => p.id)).toEqual([ada.id]);
    expect(page.next_cursor).toBeNull();
    expect(page.hash_scheme).toBe('sha256-v1');
    expect(Date.parse(page.fetched_at)).not.toBeNaN();
    const person = page.data[0]!;
    expect(Object.keys(person).sort()).toEqual(
      [
        'card_hash',
        'first_name',
        'has_photo',
        'id',
        'last_name',
        'passes',
        'passport_hash',
        'qr_hash',
        'user_type_ids',
      ].sort(),
    );
    expect(JSON.stringify(page)).not.toContain(ada.email!);
    expect(person).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', has_photo: false });
    expect(person.user_type_ids).toEqual([w.types.visitors]);
    // The kiosk computes the same hashes from what it scans.
    expect(person.qr_hash).toBe(hashKioskCode(page.salt, 'qr', ada.qrCode));
    expect(person.card_hash).toBe(hashKioskCode(page.salt, 'card', '04:a2-3f 9b'));
    expect(person.passes).toEqual([
      {
        expected_visit_id: pass.id,
        code_hash: hashKioskCode(page.salt, 'qr', pass.linkCode!),
        expected_at: pass.expectedAt!.toISOString(),
      },
    ]);
    expect(JSON.stringify(page)).not.toContain(ada.qrCode);
  });

  it('pages through a cursor, and refuses a bad cursor or limit naming it', async () => {
    const { w, kiosk, ada } = await kioskWorld();
    const more = [];
    for (const name of ['Bea', 'Cy', 'Dee', 'Eve']) more.push((await w.person(name, w.types.visitors)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: KioskPeoplePage = await peopleOf(kiosk.device, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((p) => p.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([ada.id, ...more].sort());
    expect(pages).toBe(3);
    // Another company's kiosk gets the same people's salt different.
    const other = await kioskWorld();
    expect((await peopleOf(other.kiosk.device)).salt).not.toBe((await peopleOf(kiosk.device)).salt);

    refused(await kiosk.device.get('/kiosk-device/people?cursor=not-a-cursor'), 400, 'cursor');
    refused(await kiosk.device.get('/kiosk-device/people?limit=0'), 400, 'limit');
    refused(await kiosk.device.get('/kiosk-device/people?limit=5000'), 400, 'limit');
    expect((await kiosk.device.get('/kiosk-device/people?limit=2000')).statusCode).toBe(200);
  });

  it('serves the photo of a person it keeps, and of no one else', async () => {
    const { w, kiosk, ada, sam } = await kioskWorld();
    expect((await kiosk.device.get(`/kiosk-device/people/${ada.id}/photo`)).statusCode).toBe(404);
    for (const id of [ada.id, sam.id]) {
      const up = await w.admin.upload('PUT', `/people/${id}/photo`, 'file', makePng(300, 360), 'p.png', 'image/png');
      expect(up.statusCode, up.body).toBe(200);
    }
    const photo = await kiosk.device.get(`/kiosk-device/people/${ada.id}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toContain('image/png');
    expect((await peopleOf(kiosk.device)).data[0]!.has_photo).toBe(true);
    expect((await kiosk.device.get(`/kiosk-device/people/${sam.id}/photo`)).statusCode).toBe(404);
    refused(await kiosk.device.get('/kiosk-device/people/not-an-id/photo'), 400, 'id');
  });

  it('lists no one while the kiosk runs no journey', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    await w.flow(w.types.visitors);
    const kiosk = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    await w.person('Ada', w.types.visitors);
    expect((await peopleOf(kiosk.device)).data).toEqual([]);
  });
});

describe('resolving a scanned code', () => {
  it('finds the person of a QR code, a card number (as typed) or today’s pass, and whether they are on site here', async () => {
    const { w, kiosk, ada, pass } = await kioskWorld();
    const byQr = await resolve(kiosk.device, 'qr', ada.qrCode);
    expect(byQr.statusCode, byQr.body).toBe(200);
    expect(byQr.json<KioskResolved>()).toEqual({
      person: {
        id: ada.id,
        first_name: 'Ada',
        last_name: 'Lovelace',
        user_type_ids: [w.types.visitors],
        has_photo: false,
      },
      expected_visit: null,
      on_site: false,
    });
    const byCardNumber = await resolve(kiosk.device, 'card', ' 04:a2-3f 9b ');
    expect(byCardNumber.statusCode, byCardNumber.body).toBe(200);
    expect(byCardNumber.json<KioskResolved>().person.id).toBe(ada.id);
    // The pass code, as the pass shows it or typed in lower case.
    for (const code of [pass.linkCode!, pass.linkCode!.toLowerCase()]) {
      const byPass = await resolve(kiosk.device, 'qr', code);
      expect(byPass.statusCode, byPass.body).toBe(200);
      expect(byPass.json<KioskResolved>().expected_visit).toEqual({
        id: pass.id,
        expected_at: pass.expectedAt!.toISOString(),
        stage: null,
      });
    }
    await w.signInOne(ada.id, w.areas.reception);
    expect((await resolve(kiosk.device, 'qr', ada.qrCode)).json<KioskResolved>().on_site).toBe(true);
  });

  it('refuses a forged code, another company’s, a card read as a QR, and people outside its journey with 404', async () => {
    const { kiosk, ada, sam, olga, arch } = await kioskWorld();
    const other = await kioskWorld();
    const unknown = [
      ['qr', `${ada.qrCode}x`],
      ['qr', `forged-${newId()}`],
      ['qr', other.ada.qrCode],
      ['card', '04A23F9C'],
      ['qr', '04A23F9B'],
      ['qr', other.pass.linkCode!],
      ['qr', sam.qrCode],
      ['qr', olga.qrCode],
      ['qr', arch.qrCode],
    ];
    for (const [kind, code] of unknown) {
      const res = await resolve(kiosk.device, kind!, code);
      const body = refused(res, 404, 'code');
      expect(body.code).toBe('not_found');
      expect(body.message).toContain('not known here');
    }
    // The other company's kiosk knows its own people, not ours.
    expect((await resolve(other.kiosk.device, 'qr', other.ada.qrCode)).statusCode).toBe(200);
    expect((await resolve(other.kiosk.device, 'card', '04A23F9B')).json<KioskResolved>().person.id).toBe(other.ada.id);
    // Translated.
    const arabic = await kiosk.device.post(
      '/kiosk-device/resolve',
      { kind: 'qr', code: 'nope' },
      { 'accept-language': 'ar' },
    );
    expect(error(arabic).message).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const { kiosk } = await kioskWorld();
    refused(await resolve(kiosk.device, 'face', 'abc'), 400, 'kind');
    refused(await resolve(kiosk.device, 'qr', ''), 400, 'code');
    refused(await resolve(kiosk.device, 'qr', '   '), 400, 'code');
    // A passport's signed QR is a few hundred characters; past a thousand, nothing is a code.
    refused(await resolve(kiosk.device, 'qr', 'x'.repeat(1001)), 400, 'code');
    refused(await resolve(kiosk.device, 'qr', 42), 400, 'code');
  });
});

describe('searching by name', () => {
  it('starts at the first name and two letters of the second, within the journey’s people', async () => {
    const { kiosk, ada } = await kioskWorld();
    const other = await kioskWorld();
    const found = await kiosk.device.get('/kiosk-device/people/search?q=Ada%20%20Lo');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<KioskPeopleSearchResult>().data).toEqual([
      {
        id: ada.id,
        first_name: 'Ada',
        last_name: 'Lovelace',
        user_type_ids: expect.any(Array),
        has_photo: false,
        on_site: false,
      },
    ]);
    expect(found.json<KioskPeopleSearchResult>().data.map((p) => p.id)).not.toContain(other.ada.id);
    // Sam (staff), Olga (another site) and Arch (archived) are "… Tester": none is found.
    expect(
      (await kiosk.device.get('/kiosk-device/people/search?q=Sam%20Te')).json<KioskPeopleSearchResult>().data,
    ).toEqual([]);
    expect(
      (await kiosk.device.get('/kiosk-device/people/search?q=Olga%20Te')).json<KioskPeopleSearchResult>().data,
    ).toEqual([]);
    expect(
      (await kiosk.device.get('/kiosk-device/people/search?q=Arch%20Te')).json<KioskPeopleSearchResult>().data,
    ).toEqual([]);
    for (const q of ['Ada', 'Ada%20L', '', '%20Lo']) {
      refused(await kiosk.device.get(`/kiosk-device/people/search?q=${q}`), 400, 'q');
    }
    refused(await kiosk.device.get('/kiosk-device/people/search'), 400, 'q');
  });

  it('answers at most ten', async () => {
    const { w, kiosk } = await kioskWorld();
    for (let i = 0; i < 12; i += 1) await w.person('Zed', w.types.visitors, w.sites.hq, { lastName: `Zephyr${i}` });
    const res = await kiosk.device.get('/kiosk-device/people/search?q=Zed%20Ze');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<KioskPeopleSearchResult>().data).toHaveLength(10);
  });
});

describe('hosts and the sign-in preview', () => {
  it('finds hosts by name for a journey user type’s flow, names only', async () => {
    const { w, kiosk } = await kioskWorld();
    const host = await insertPerson(ctx.db.db, w.entity, {
      firstName: 'Hosta',
      lastName: 'Hostley',
      email: `hosta.${newId().slice(-8)}@example.test`,
      dashboardAccess: 'active',
    });
    const res = await kiosk.device.get(`/kiosk-device/hosts?q=Hosta%20Ho&user_type_id=${w.types.visitors}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [{ id: host.id, full_name: 'Hosta Hostley' }] });
    refused(await kiosk.device.get(`/kiosk-device/hosts?q=Hosta%20H&user_type_id=${w.types.visitors}`), 400, 'q');
    refused(
      await kiosk.device.get(`/kiosk-device/hosts?q=Hosta%20Ho&user_type_id=${w.types.staff}`),
      404,
      'user_type_id',
    );
    refused(await kiosk.device.get('/kiosk-device/hosts?q=Hosta%20Ho&user_type_id=nope'), 400, 'user_type_id');
  });

  it('previews a sign-in at the kiosk’s area, of people it reaches only', async () => {
    const { w, kiosk, ada, sam, pass } = await kioskWorld();
    const res = await kiosk.device.post('/kiosk-device/sign-in/preview', {
      person_ids: [ada.id],
      expected_visit_ids: [pass.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ area: { id: string }; people: { person_id: string; action: string }[] }>();
    expect(preview.area.id).toBe(w.areas.reception);
    expect(preview.people.map((p) => [p.person_id, p.action])).toEqual([[ada.id, 'sign_in']]);
    const other = await kioskWorld();
    for (const id of [sam.id, other.ada.id]) {
      refused(
        await kiosk.device.post('/kiosk-device/sign-in/preview', { person_ids: [ada.id, id] }),
        404,
        'person_ids',
      );
    }
    refused(await kiosk.device.post('/kiosk-device/sign-in/preview', { person_ids: [] }), 400, 'person_ids');
    refused(await kiosk.device.post('/kiosk-device/sign-in/preview', {}), 400, 'person_ids');
  });
});

describe('a visitor registering at the kiosk', () => {
  it('is added with the kiosk’s site and the user type, answered as the kiosk keeps people', async () => {
    const { w, kiosk } = await kioskWorld();
    const email = `new.${newId().slice(-8)}@example.test`;
    const res = await kiosk.device.post('/kiosk-device/visitors', {
      first_name: 'Nia',
      last_name: 'Newcomer',
      email,
      phone_code: '+44',
      phone: '7700900123',
      company_name: 'Acme',
      user_type_id: w.types.visitors,
    });
    expect(res.statusCode, res.body).toBe(201);
    const person = res.json<KioskPerson>();
    expect(person).toMatchObject({ first_name: 'Nia', last_name: 'Newcomer', user_type_ids: [w.types.visitors] });
    expect(JSON.stringify(person)).not.toContain(email);
    expect((await peopleOf(kiosk.device)).data.map((p) => p.id)).toContain(person.id);
    const seen = await w.admin.get(`/people/${person.id}`);
    expect(seen.json()).toMatchObject({ email, company_name: 'Acme', sites: [{ id: w.sites.hq }] });
    const resolved = await kiosk.device.post('/kiosk-device/resolve', {
      kind: 'qr',
      code: (
        await withTenant(ctx.db.db, w.entity.id, async (tx) =>
          rowsOf<{ qr_code: string }>(await tx.execute(sql`select qr_code from people where id = ${person.id}::uuid`)),
        )
      )[0]!.qr_code,
    });
    expect(resolved.json<KioskResolved>().person.id).toBe(person.id);

    // The same email again: the people service's check, naming the field.
    const again = await kiosk.device.post('/kiosk-device/visitors', {
      first_name: 'Nia',
      last_name: 'Again',
      email: email.toUpperCase(),
      user_type_id: w.types.visitors,
    });
    refused(again, 409, 'email');
  });

  it('is refused for a user type outside the journey or one that does not let people register', async () => {
    const { w, kiosk } = await kioskWorld();
    const invited = await w.admin.post('/user-types', {
      name: 'Invited guests',
      registration_method: 'pre_registered_only',
      grace_period_minutes: 30,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await w.flow(invited.json<{ id: string }>().id);
    const body = { first_name: 'Nia', last_name: 'Newcomer' };
    refused(
      await kiosk.device.post('/kiosk-device/visitors', { ...body, user_type_id: w.types.staff }),
      404,
      'user_type_id',
    );
    const notAllowed = refused(
      await kiosk.device.post('/kiosk-device/visitors', { ...body, user_type_id: invited.json<{ id: string }>().id }),
      422,
      'user_type_id',
    );
    expect(notAllowed.message).toContain('cannot register');
    refused(
      await kiosk.device.post('/kiosk-device/visitors', { last_name: 'X', user_type_id: w.types.visitors }),
      400,
      'first_name',
    );
    refused(
      await kiosk.device.post('/kiosk-device/visitors', { ...body, phone: '123456', user_type_id: w.types.visitors }),
      400,
      'phone_code',
    );
    refused(
      await kiosk.device.post('/kiosk-device/visitors', { ...body, email: 'nope', user_type_id: w.types.visitors }),
      400,
      'email',
    );
  });
});

describe('the kiosk’s token', () => {
  it('is needed on every call: none, a wrong one or a deregistered kiosk’s is refused', async () => {
    const { w, kiosk, ada } = await kioskWorld();
    const calls: [string, string, unknown?][] = [
      ['GET', '/kiosk-device/people'],
      ['GET', `/kiosk-device/people/${ada.id}/photo`],
      ['GET', '/kiosk-device/people/search?q=Ada%20Lo'],
      ['GET', `/kiosk-device/hosts?q=Ada%20Lo&user_type_id=${w.types.visitors}`],
      ['POST', '/kiosk-device/resolve', { kind: 'qr', code: ada.qrCode }],
      ['POST', '/kiosk-device/sign-in/preview', { person_ids: [ada.id] }],
      ['POST', '/kiosk-device/visitors', { first_name: 'A', last_name: 'B', user_type_id: w.types.visitors }],
    ];
    const send = (client: TestClient, [method, url, body]: (typeof calls)[number]) =>
      method === 'GET' ? client.get(url) : client.post(url, body);
    const stranger = new TestClient(ctx.app);
    for (const call of calls) refused(await send(stranger, call), 401, 'authorization');
    stranger.bearer = 'not-a-token';
    for (const call of calls) expect((await send(stranger, call)).statusCode, call[1]).toBe(401);
    expect((await w.admin.delete(`/kiosks/${kiosk.id}`)).statusCode).toBeLessThan(300);
    for (const call of calls) expect((await send(kiosk.device, call)).statusCode, call[1]).toBe(401);
  });
});

describe('code look-ups under the app role', () => {
  it('read people, passes and a retried sign-in’s visits through their indexes, never a whole table', async () => {
    const { w, ada, pass } = await kioskWorld();
    // Enough visitors at the kiosk's site for the planner to weigh indexes by their statistics, as in a
    // real company.
    await bulkPeople(ctx.db.db, w.entity, 3000);
    await ctx.db.db.execute(sql`insert into person_user_types (entity_id, person_id, user_type_id)
      select entity_id, id, ${w.types.visitors}::uuid from people where entity_id = ${w.entity.id}::uuid
      on conflict do nothing`);
    await ctx.db.db.execute(sql`insert into person_sites (entity_id, person_id, site_id)
      select entity_id, id, ${w.sites.hq}::uuid from people where entity_id = ${w.entity.id}::uuid
      on conflict do nothing`);
    for (const table of ['people', 'person_user_types', 'person_sites', 'visits']) {
      await ctx.db.db.execute(sql`analyze ${sql.identifier(table)}`);
    }
    const reach: KioskReach = {
      entityId: w.entity.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeIds: [w.types.visitors],
    };
    const day = { start: new Date(Date.now() - HOUR), end: new Date(Date.now() + HOUR) };
    const plans = {
      qr: kioskPeopleSql(reach, day, byQrCode(ada.qrCode)),
      card: kioskPeopleSql(reach, day, byCard('04A23F9B')),
      pass: passByCodeSql(reach, day, pass.linkCode!),
      page: kioskPeopleSql(reach, day, afterId(ada.id), 2001),
      // Every keyed sign-in (a kiosk always sends a key) looks for its request's earlier visits.
      retry: sql`select "id", "idempotency_key" from "visits"
        where "entity_id" = ${w.entity.id}::uuid and "idempotency_request" = ${'kiosk-0123456789'}`,
    };
    // The code is the index's condition, not a filter applied after row-level security.
    const expected = {
      // Unique per company (decision 055): across companies through capability_keys.
      qr: /Index Scan using people_qr_code_key on people\s+[^\n]*\n\s+Index Cond: \(\(entity_id = [^\n]*AND \(qr_code = /,
      card: /Index Scan using people_entity_rfid_key on people\s+[^\n]*\n\s+Index Cond: \(\(entity_id = [^\n]*AND \(rfid = /,
      // A page follows an index ending with the id (the primary key's, or the status one's) from the cursor on.
      page: /Index Scan using people_entity_(id_id_pk|status_idx) on people\s+[^\n]*\n\s+Index Cond: \(\(entity_id = [^\n]*AND \(id > /,
      pass: /Index Scan using visits_entity_expected_idx on visits v\s+[^\n]*\n\s+Index Cond: \(\(entity_id = [^\n]*expected_at >= /,
      retry:
        /Index Scan using visits_idempotency_request_idx on visits\s+[^\n]*\n\s+Index Cond: \(\(entity_id = [^\n]*AND \(idempotency_request = /,
    };
    for (const [name, statement] of Object.entries(plans)) {
      const plan = await withTenant(ctx.db.db, w.entity.id, async (tx) => {
        const [role] = rowsOf<{ role: string }>(await tx.execute(sql`select current_user as role`));
        expect(role!.role).toBe('app_user');
        // Small tables are cheapest to read whole: with that ruled out, what remains says whether an index
        // can serve the condition under row-level security at all.
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql`explain ${statement}`));
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan, name).toMatch(expected[name as keyof typeof expected]);
      expect(plan, name).not.toMatch(/Seq Scan on (people|visits)\b/);
    }
  });
});
