import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import {
  auditLog,
  memberships,
  outboxEmails,
  people as peopleTable,
  personSites,
  personUserTypes,
  rfidEnrolments,
} from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { sha256 } from '../src/lib/tokens';
import { newestMailTo } from './helpers/mail';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import {
  givePersonSite,
  givePersonUserType,
  insertKiosk,
  insertPerson,
  insertUserType,
  type PersonRow,
} from './helpers/people-rows';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Company = Awaited<ReturnType<typeof adminOf>>;
type PublicLink = {
  status: 'pending' | 'enrolled';
  first_name: string;
  company: { name: string; logo: string | null };
  kiosk: { name: string; site_name: string; area_name: string } | null;
  kiosk_code: string | null;
  expires_at: string;
  enrolled_at: string | null;
  card_ending: string | null;
};

const MESSAGES = {
  taken: 'RFID already in use',
  unknown:
    'This enrolment link is not valid. Check that you opened the whole link from the email, or ask your administrator for a new one.',
  used: 'This enrolment link was already used. Ask your administrator for a new link to enrol another card.',
  expired: 'This enrolment link has expired. Ask your administrator to send a new one.',
  superseded: 'A newer enrolment link was sent to you after this one. Use the link in the latest email.',
  kioskGone: 'The kiosk of this link is no longer in use. Ask your administrator for a new link.',
  codeUnknown: 'No enrolment is waiting with this code at this kiosk. Check the code on your enrolment page.',
  notRegistered: 'This kiosk is not registered. Register it again.',
};

async function adminOf() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  return { ...company, client };
}

const personOf = (c: Company, firstName: string, values: Partial<PersonRow> = {}) =>
  insertPerson(ctx.db.db, c.entity, {
    firstName,
    lastName: 'Card',
    email: `${firstName.toLowerCase()}.${newId().slice(-8)}@example.test`,
    ...values,
  });

/** The enrolment code in the newest mail to an address. */
async function linkCodeFor(email: string) {
  const mail = await newestMailTo(ctx.db.db, email);
  const code = mail?.text.match(/\/rfid\/([\w-]+)/)?.[1];
  if (!mail || !code) throw new Error(`no enrolment mail to ${email}`);
  return { code, mail };
}

async function send(c: Company, userIds: string[], kioskId: string) {
  const res = await c.client.post('/rfid/instructions', { user_ids: userIds, kiosk_id: kioskId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sent: number; skipped: { user_id: string; name: string | null; reason: string }[] }>();
}

/** Sends one person a link and answers its code. */
async function linkFor(c: Company, person: PersonRow, kioskId: string) {
  expect((await send(c, [person.id], kioskId)).sent).toBe(1);
  return (await linkCodeFor(person.email!)).code;
}

const anon = () => new TestClient(ctx.app);
const openLink = (code: string) => anon().get(`/public/rfid/${code}`);
const typeCard = (code: string, rfid: string) => anon().post(`/public/rfid/${code}/card`, { rfid });
const tapAtKiosk = (token: string | null, code: string, rfid: string) =>
  anon().post('/kiosk-device/rfid/verify', { code, rfid }, token ? { authorization: `Bearer ${token}` } : {});

const rfidOf = async (entityId: string, personId: string) => {
  const [row] = await withTenant(ctx.db.db, entityId, (tx) =>
    tx
      .select({ rfid: peopleTable.rfid })
      .from(peopleTable)
      .where(and(eq(peopleTable.entityId, entityId), eq(peopleTable.id, personId))),
  );
  return row?.rfid;
};

const auditActions = async (entityId: string) =>
  (await ctx.db.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, entityId))).map(
    (r) => r.a,
  );

/** The system admin of the company, limited to one site and (optionally) some user types. */
async function limitedAdmin(c: Company, siteIds: string[], userTypeIds: string[] = []) {
  await withTenant(ctx.db.db, c.entity.id, async (tx) => {
    await tx
      .update(memberships)
      .set({ siteScope: 'assigned' })
      .where(eq(memberships.id, c.people.system_admin.membershipId));
    const [person] = await tx
      .select({ id: peopleTable.id })
      .from(peopleTable)
      .where(eq(peopleTable.membershipId, c.people.system_admin.membershipId));
    for (const siteId of siteIds)
      await tx.insert(personSites).values({ entityId: c.entity.id, personId: person!.id, siteId });
    for (const userTypeId of userTypeIds)
      await tx.insert(personUserTypes).values({ entityId: c.entity.id, personId: person!.id, userTypeId });
  });
  return (await signIn(ctx.app, c.people.system_admin.email, PASSWORD)).client;
}

describe('sending enrolment instructions', () => {
  it('emails each person a one-time link for the kiosk and reports who was skipped and why', async () => {
    const c = await adminOf();
    const other = await adminOf();
    const kiosk = await insertKiosk(ctx.db.db, c.entity, { site: 'HQ', area: 'Lobby', kiosk: 'Front kiosk' });
    const ann = await personOf(c, 'Ann');
    const bob = await personOf(c, 'Bob', { email: null });
    const cat = await personOf(c, 'Cat', { status: 'archived' });
    const stranger = await personOf(other, 'Stranger');
    const unknown = newId();

    const result = await send(c, [ann.id, bob.id, cat.id, stranger.id, unknown, ann.id], kiosk.kioskId);
    expect(result).toEqual({
      sent: 1,
      skipped: [
        { user_id: bob.id, name: 'Bob Card', reason: 'no_email' },
        { user_id: cat.id, name: 'Cat Card', reason: 'archived' },
        { user_id: stranger.id, name: null, reason: 'not_found' },
        { user_id: unknown, name: null, reason: 'not_found' },
      ],
    });

    const { code, mail } = await linkCodeFor(ann.email!);
    expect(mail.subject).toBe(`Enrol your card for ${c.entity.name}`);
    expect(mail.text).toContain(`http://localhost:3000/rfid/${code}`);
    expect(mail.text).toContain('HQ › Lobby › Front kiosk');
    expect(mail.text).toContain('within 7 days');
    // Only the hash of the code is kept.
    const rows = await withTenant(ctx.db.db, c.entity.id, (tx) =>
      tx.select().from(rfidEnrolments).where(eq(rfidEnrolments.personId, ann.id)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toBe(sha256(code));
    const ttl = rows[0]!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600_000);
    // Nobody else got a mail, and the other company's person got no link.
    expect(await ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, stranger.email!))).toEqual([]);
    const theirs = await withTenant(ctx.db.db, other.entity.id, (tx) => tx.select().from(rfidEnrolments));
    expect(theirs).toEqual([]);
    expect(await auditActions(c.entity.id)).toContain('rfid.instructions_send');
  });

  it('writes the mail in the caller’s language when the person has no language of their own', async () => {
    const c = await adminOf();
    const kiosk = await insertKiosk(ctx.db.db, c.entity, { site: 'Sede', area: 'Entrada', kiosk: 'Quiosco' });
    const ana = await personOf(c, 'Ana');
    c.client.lang = 'es';
    await send(c, [ana.id], kiosk.kioskId);
    const { mail } = await linkCodeFor(ana.email!);
    expect(mail.subject).toBe(`Registra tu tarjeta en ${c.entity.name}`);
    expect(mail.text).toContain('Sede › Entrada › Quiosco');
  });

  it('accepts ids in upper case and still names each person', async () => {
    const c = await adminOf();
    const kiosk = await insertKiosk(ctx.db.db, c.entity);
    const ann = await personOf(c, 'Ann');
    const bob = await personOf(c, 'Bob', { email: null });
    const result = await send(c, [ann.id.toUpperCase(), bob.id.toUpperCase()], kiosk.kioskId);
    expect(result).toEqual({ sent: 1, skipped: [{ user_id: bob.id, name: 'Bob Card', reason: 'no_email' }] });
    const status = await c.client.get(`/rfid/status?user_ids=${ann.id.toUpperCase()}`);
    expect(status.json().data).toEqual([{ user_id: ann.id, has_rfid: false, pending: true }]);
  });

  it('refuses a kiosk that is not the company’s, and bad input, naming the field', async () => {
    const c = await adminOf();
    const other = await adminOf();
    const theirKiosk = await insertKiosk(ctx.db.db, other.entity);
    const ann = await personOf(c, 'Ann');
    const res = await c.client.post('/rfid/instructions', { user_ids: [ann.id], kiosk_id: theirKiosk.kioskId });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields.kiosk_id).toEqual(['This kiosk does not exist on your sites.']);
    expect(await ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, ann.email!))).toEqual([]);

    const kiosk = await insertKiosk(ctx.db.db, c.entity);
    const cases: [unknown, string][] = [
      [{ user_ids: [], kiosk_id: kiosk.kioskId }, 'user_ids'],
      [{ user_ids: ['ann'], kiosk_id: kiosk.kioskId }, 'user_ids.0'],
      [{ user_ids: Array.from({ length: 201 }, () => newId()), kiosk_id: kiosk.kioskId }, 'user_ids'],
      [{ user_ids: [ann.id], kiosk_id: 'front' }, 'kiosk_id'],
      [{ user_ids: [ann.id] }, 'kiosk_id'],
    ];
    for (const [body, field] of cases) {
      const bad = await c.client.post('/rfid/instructions', body);
      expect(bad.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(bad.json().fields), field).toContain(field);
    }
    expect((await c.client.get('/rfid/people?state=lost')).json().fields.state).toEqual([
      'State has a value that is not allowed.',
    ]);
    expect((await c.client.get('/rfid/status?user_ids=')).statusCode).toBe(400);
  });
});

describe('the person’s enrolment page', () => {
  it('shows company, first name, kiosk and kiosk code; the card typed there is enrolled once', async () => {
    const c = await adminOf();
    const kiosk = await insertKiosk(ctx.db.db, c.entity, { site: 'HQ', area: 'Lobby', kiosk: 'Front kiosk' });
    const ann = await personOf(c, 'Ann');
    const code = await linkFor(c, ann, kiosk.kioskId);

    const shown = await openLink(code);
    expect(shown.statusCode, shown.body).toBe(200);
    const page = shown.json<PublicLink>();
    expect(page).toMatchObject({
      status: 'pending',
      first_name: 'Ann',
      company: { name: c.entity.name },
      kiosk: { name: 'Front kiosk', site_name: 'HQ', area_name: 'Lobby' },
      enrolled_at: null,
      card_ending: null,
    });
    expect(page.kiosk_code).toMatch(/^\d{6}$/);
    // The page says nothing more about the person than the first name.
    expect(shown.body).not.toContain(ann.email!);
    expect(shown.body).not.toContain('Card');

    // Bad numbers are refused, naming the field.
    for (const bad of ['12', 'AB$%12', 'X'.repeat(33)]) {
      const res = await typeCard(code, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields.rfid).toEqual(['Enter the card number: 4 to 32 letters or digits.']);
    }
    expect((await typeCard(code, '')).json().fields.rfid).toEqual(['RFID is required.']);

    // Written as printed: spaces, hyphens and colons go, letters are upper case.
    const enrolled = await typeCard(code, ' 04:a3-9f 7c ');
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json()).toMatchObject({ status: 'enrolled', kiosk_code: null, card_ending: '9F7C' });
    expect(enrolled.json().enrolled_at).not.toBeNull();
    expect(await rfidOf(c.entity.id, ann.id)).toBe('04A39F7C');

    // The spent link keeps showing the card; it enrols nothing more.
    expect((await openLink(code)).json()).toMatchObject({ status: 'enrolled', card_ending: '9F7C' });
    const again = await typeCard(code, '11112222');
    expect(again.statusCode).toBe(422);
    expect(again.json().fields.code).toEqual([MESSAGES.used]);
    expect(await rfidOf(c.entity.id, ann.id)).toBe('04A39F7C');

    const list = (await c.client.get('/rfid/people?state=enrolled')).json();
    expect(list.data).toEqual([
      expect.objectContaining({ id: ann.id, rfid: '04A39F7C', state: 'enrolled', pending: null }),
    ]);
    expect(await auditActions(c.entity.id)).toContain('rfid.enrol');
  });

  it('answers each dead link with its own message, in the reader’s language', async () => {
    const c = await adminOf();
    const kiosk = await insertKiosk(ctx.db.db, c.entity);
    const ann = await personOf(c, 'Ann');

    // Unknown and malformed codes.
    const unknown = await openLink('a'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.unknown);
    const malformed = await openLink('not%20a%24code');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.code).toEqual(['This code is not valid.']);

    // Expired.
    const first = await linkFor(c, ann, kiosk.kioskId);
    await withTenant(ctx.db.db, c.entity.id, (tx) =>
      tx
        .update(rfidEnrolments)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(rfidEnrolments.codeHash, sha256(first))),
    );
    for (const res of [await openLink(first), await typeCard(first, 'AAAA1111')]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.expired);
    }
    expect((await c.client.get('/rfid/people')).json().data.find((p: { id: string }) => p.id === ann.id).state).toBe(
      'none',
    );

    // Superseded: a new send replaces the live link, and the old one says so.
    const second = await linkFor(c, ann, kiosk.kioskId);
    const third = await linkFor(c, ann, kiosk.kioskId);
    for (const old of [first, second]) {
      for (const res of [await openLink(old), await typeCard(old, 'AAAA1111')]) {
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toBe(MESSAGES.superseded);
      }
    }
    const arabic = await anon().get(`/public/rfid/${second}`, { 'x-lang': 'ar' });
    expect(arabic.json().message).toBe('أُرسل إليك رابط تسجيل أحدث من هذا. استخدم الرابط الموجود في أحدث رسالة.');
    expect((await openLink(third)).json().status).toBe('pending');
    // Only the newest link is live: one pending state, one live row.
    const live = await withTenant(ctx.db.db, c.entity.id, (tx) =>
      tx.select().from(rfidEnrolments).where(eq(rfidEnrolments.personId, ann.id)),
    );
    expect(live.filter((l) => l.expiresAt.getTime() > Date.now()).map((l) => l.codeHash)).toEqual([sha256(third)]);

    // The kiosk was deregistered: nothing to show and nothing to enrol.
    expect((await c.client.delete(`/kiosks/${kiosk.kioskId}`)).statusCode).toBe(204);
    for (const res of [await openLink(third), await typeCard(third, 'AAAA1111')]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.kioskGone);
    }
    expect(await rfidOf(c.entity.id, ann.id)).toBeNull();
    // The admin sees the link still waiting, without a kiosk: time to send a new one.
    const listed = (await c.client.get('/rfid/people?state=pending')).json().data;
    expect(listed).toEqual([
      expect.objectContaining({ id: ann.id, pending: expect.objectContaining({ kiosk: null }) }),
    ]);

    // An archived person's link is unknown.
    const other = await insertKiosk(ctx.db.db, c.entity);
    const bob = await personOf(c, 'Bob');
    const bobs = await linkFor(c, bob, other.kioskId);
    await withTenant(ctx.db.db, c.entity.id, (tx) =>
      tx.update(peopleTable).set({ status: 'archived' }).where(eq(peopleTable.id, bob.id)),
    );
    for (const res of [await openLink(bobs), await typeCard(bobs, 'BBBB1111')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.unknown);
    }
  });
});

describe('enrolling at the kiosk (verify-rfid-code)', () => {
  it('enrols the tapped card for the typed kiosk code, only at the kiosk the link names', async () => {
    const c = await adminOf();
    const front = await insertKiosk(ctx.db.db, c.entity, { kiosk: 'Front kiosk' });
    const back = await insertKiosk(ctx.db.db, c.entity, { kiosk: 'Back kiosk' });
    const ann = await personOf(c, 'Ann');
    const bob = await personOf(c, 'Bob');
    const annCode = await linkFor(c, ann, front.kioskId);
    const bobCode = await linkFor(c, bob, front.kioskId);
    const annKioskCode = (await openLink(annCode)).json<PublicLink>().kiosk_code!;
    const bobKioskCode = (await openLink(bobCode)).json<PublicLink>().kiosk_code!;
    // Live links of one kiosk never share a kiosk code.
    expect(annKioskCode).not.toBe(bobKioskCode);

    // The token is the kiosk's credential.
    for (const token of [null, 'not-a-device-token']) {
      const res = await tapAtKiosk(token, annKioskCode, 'CAFE0001');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.notRegistered);
    }
    // Another kiosk of the company is named in the refusal.
    const wrong = await tapAtKiosk(back.deviceToken, annKioskCode, 'CAFE0001');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields.code).toEqual(['This code is for another kiosk: Front kiosk.']);
    const none = await tapAtKiosk(front.deviceToken, annKioskCode === '000000' ? '000001' : '000000', 'CAFE0001');
    expect(none.statusCode).toBe(404);
    expect(none.json().fields.code).toEqual([MESSAGES.codeUnknown]);
    const badCard = await tapAtKiosk(front.deviceToken, annKioskCode, '!!');
    expect(badCard.statusCode).toBe(400);
    expect(Object.keys(badCard.json().fields)).toEqual(['rfid']);
    expect(await rfidOf(c.entity.id, ann.id)).toBeNull();

    const tapped = await tapAtKiosk(front.deviceToken, annKioskCode, 'cafe0001');
    expect(tapped.statusCode, tapped.body).toBe(200);
    expect(tapped.json()).toEqual({ user_id: ann.id, first_name: 'Ann', last_name: 'Card', rfid: 'CAFE0001' });
    expect(await rfidOf(c.entity.id, ann.id)).toBe('CAFE0001');
    // The page the person keeps open turns to enrolled.
    expect((await openLink(annCode)).json()).toMatchObject({ status: 'enrolled', card_ending: '0001' });
    const twice = await tapAtKiosk(front.deviceToken, annKioskCode, 'CAFE0002');
    expect(twice.statusCode).toBe(422);
    expect(twice.json().fields.code).toEqual([MESSAGES.used]);

    // The link's own code works at the kiosk too (a QR of the link, for instance).
    const byLink = await tapAtKiosk(front.deviceToken, bobCode, 'BEEF0001');
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(byLink.json().user_id).toBe(bob.id);

    const audit = await ctx.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.entity.id), eq(auditLog.action, 'rfid.enrol')));
    expect(audit.map((a) => a.actorKind).sort()).toEqual(['kiosk', 'kiosk']);
  });

  it('says when a typed code belongs to a replaced or expired link', async () => {
    const c = await adminOf();
    const kiosk = await insertKiosk(ctx.db.db, c.entity);
    const ann = await personOf(c, 'Ann');
    const old = await linkFor(c, ann, kiosk.kioskId);
    const oldKioskCode = (await openLink(old)).json<PublicLink>().kiosk_code!;
    const fresh = await linkFor(c, ann, kiosk.kioskId);
    const freshKioskCode = (await openLink(fresh)).json<PublicLink>().kiosk_code!;
    if (oldKioskCode !== freshKioskCode) {
      const res = await tapAtKiosk(kiosk.deviceToken, oldKioskCode, 'AAAA0001');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.superseded);
    }
    await withTenant(ctx.db.db, c.entity.id, (tx) =>
      tx
        .update(rfidEnrolments)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(rfidEnrolments.codeHash, sha256(fresh))),
    );
    const expired = await tapAtKiosk(kiosk.deviceToken, freshKioskCode, 'AAAA0001');
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(MESSAGES.expired);
    expect(await rfidOf(c.entity.id, ann.id)).toBeNull();
  });

  it('does not let a kiosk of another company use a link', async () => {
    const c = await adminOf();
    const other = await adminOf();
    const kiosk = await insertKiosk(ctx.db.db, c.entity);
    const theirKiosk = await insertKiosk(ctx.db.db, other.entity);
    const ann = await personOf(c, 'Ann');
    const code = await linkFor(c, ann, kiosk.kioskId);
    const kioskCode = (await openLink(code)).json<PublicLink>().kiosk_code!;
    for (const typed of [code, kioskCode]) {
      const res = await tapAtKiosk(theirKiosk.deviceToken, typed, 'AAAA0001');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.codeUnknown);
    }
    expect(await rfidOf(c.entity.id, ann.id)).toBeNull();
    expect((await openLink(code)).json().status).toBe('pending');
  });
});

describe('RFID values are unique in a company', () => {
  it('refuses a card another person holds, with the spec’s message, and leaves the link usable', async () => {
    const c = await adminOf();
    const kiosk = await insertKiosk(ctx.db.db, c.entity);
    const ann = await personOf(c, 'Ann', { rfid: 'AAAA1111' });
    const bob = await personOf(c, 'Bob');
    const code = await linkFor(c, bob, kiosk.kioskId);
    const kioskCode = (await openLink(code)).json<PublicLink>().kiosk_code!;

    const typed = await typeCard(code, 'aaaa-1111');
    expect(typed.statusCode).toBe(409);
    expect(typed.json().fields.rfid).toEqual([MESSAGES.taken]);
    const tapped = await tapAtKiosk(kiosk.deviceToken, kioskCode, 'AAAA1111');
    expect(tapped.statusCode).toBe(409);
    expect(tapped.json().message).toBe(MESSAGES.taken);
    expect(await rfidOf(c.entity.id, bob.id)).toBeNull();
    expect(await rfidOf(c.entity.id, ann.id)).toBe('AAAA1111');
    expect((await openLink(code)).json().status).toBe('pending');

    // A person may enrol the card they already hold again; another company may use the same value.
    const annCode = await linkFor(c, ann, kiosk.kioskId);
    expect((await typeCard(annCode, 'AAAA1111')).statusCode).toBe(200);
    const other = await adminOf();
    const otherKiosk = await insertKiosk(ctx.db.db, other.entity);
    const olga = await personOf(other, 'Olga');
    const olgaCode = await linkFor(other, olga, otherKiosk.kioskId);
    expect((await typeCard(olgaCode, 'AAAA1111')).statusCode).toBe(200);
    expect(await rfidOf(other.entity.id, olga.id)).toBe('AAAA1111');

    // Once Ann's card is removed, Bob can enrol it.
    expect((await c.client.delete(`/rfid/people/${ann.id}/card`)).statusCode).toBe(204);
    expect((await typeCard(code, 'AAAA1111')).statusCode).toBe(200);
    expect(await rfidOf(c.entity.id, bob.id)).toBe('AAAA1111');
  });
});

describe('the admin list and removing a card', () => {
  it('pages, searches and filters people by card state, with the pending kiosk', async () => {
    const c = await adminOf();
    const kiosk = await insertKiosk(ctx.db.db, c.entity, { site: 'HQ', area: 'Lobby', kiosk: 'Front kiosk' });
    const made: PersonRow[] = [];
    for (let i = 1; i <= 12; i++) {
      made.push(await personOf(c, `P${String(i).padStart(2, '0')}`, { lastName: `Zed${String(i).padStart(2, '0')}` }));
    }
    await withTenant(ctx.db.db, c.entity.id, (tx) =>
      tx.update(peopleTable).set({ rfid: 'FACE0012' }).where(eq(peopleTable.id, made[11]!.id)),
    );
    await send(c, [made[0]!.id, made[1]!.id], kiosk.kioskId);

    const first = (await c.client.get('/rfid/people?search=Zed')).json();
    expect(first.count).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toMatchObject({ first_name: 'P01', last_name: 'Zed01', state: 'pending', rfid: null });
    expect(first.data[0].pending.kiosk).toEqual({
      id: kiosk.kioskId,
      name: 'Front kiosk',
      site_name: 'HQ',
      area_name: 'Lobby',
    });
    expect(new Date(first.data[0].pending.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(first.data[2]).toMatchObject({ state: 'none', pending: null });
    const second = (await c.client.get('/rfid/people?search=Zed&page=2')).json();
    expect(second.data.map((p: { last_name: string }) => p.last_name)).toEqual(['Zed11', 'Zed12']);
    expect((await c.client.get('/rfid/people?search=Zed&limit=5&page=3')).json().data).toHaveLength(2);

    const ids = (url: string) =>
      c.client.get(url).then((r) => r.json().data.map((p: { id: string }) => p.id) as string[]);
    expect(await ids('/rfid/people?state=pending')).toEqual([made[0]!.id, made[1]!.id]);
    expect(await ids('/rfid/people?state=enrolled')).toEqual([made[11]!.id]);
    expect((await c.client.get('/rfid/people?state=none&search=Zed')).json().count).toBe(9);
    expect(await ids('/rfid/people?search=face00')).toEqual([made[11]!.id]);
    expect(await ids(`/rfid/people?search=${encodeURIComponent(made[3]!.email!)}`)).toEqual([made[3]!.id]);
    expect(await ids('/rfid/people?search=p05 zed')).toEqual([made[4]!.id]);
    expect((await c.client.get('/rfid/people?search=%25')).json().count).toBe(0);

    const status = await c.client.get(`/rfid/status?user_ids=${made[0]!.id},${made[11]!.id},${made[5]!.id}`);
    expect(status.json().data).toEqual(
      expect.arrayContaining([
        { user_id: made[0]!.id, has_rfid: false, pending: true },
        { user_id: made[11]!.id, has_rfid: true, pending: false },
        { user_id: made[5]!.id, has_rfid: false, pending: false },
      ]),
    );
    const kiosks = (await c.client.get('/rfid/kiosks')).json();
    expect(kiosks).toEqual([{ id: kiosk.kioskId, name: 'Front kiosk', site_name: 'HQ', area_name: 'Lobby' }]);
  });

  it('removes a card: the person no longer has it, the spent link says so, removing twice is refused', async () => {
    const c = await adminOf();
    const kiosk = await insertKiosk(ctx.db.db, c.entity);
    const ann = await personOf(c, 'Ann');
    const code = await linkFor(c, ann, kiosk.kioskId);
    expect((await typeCard(code, 'D00D0001')).statusCode).toBe(200);

    expect((await c.client.delete(`/rfid/people/${ann.id}/card`)).statusCode).toBe(204);
    expect(await rfidOf(c.entity.id, ann.id)).toBeNull();
    const twice = await c.client.delete(`/rfid/people/${ann.id}/card`);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().fields.rfid).toEqual(['This person has no card enrolled.']);
    const page = await openLink(code);
    expect(page.statusCode).toBe(422);
    expect(page.json().message).toBe(MESSAGES.used);
    expect((await c.client.delete(`/rfid/people/${newId()}/card`)).statusCode).toBe(404);
    expect((await c.client.delete('/rfid/people/ann/card')).statusCode).toBe(400);
    const [row] = await ctx.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.entity.id), eq(auditLog.action, 'rfid.remove')));
    expect(row).toMatchObject({ targetId: ann.id, before: { rfid: 'D00D0001' }, after: { rfid: null } });
  });
});

describe('admins with assigned sites and user types', () => {
  it('see, send to and change only the people and kiosks in their scope', async () => {
    const c = await adminOf();
    const north = await insertKiosk(ctx.db.db, c.entity, { site: 'North', kiosk: 'North kiosk' });
    const south = await insertKiosk(ctx.db.db, c.entity, { site: 'South', kiosk: 'South kiosk' });
    const staff = await insertUserType(ctx.db.db, c.entity, `Staff ${newId().slice(-6)}`);
    const vip = await insertUserType(ctx.db.db, c.entity, `VIP ${newId().slice(-6)}`);
    const mine = await personOf(c, 'Mine', { rfid: 'ABCD0001' });
    await givePersonSite(ctx.db.db, c.entity, mine.id, north.siteId);
    await givePersonUserType(ctx.db.db, c.entity, mine.id, staff);
    const southern = await personOf(c, 'Southern', { rfid: 'ABCD0002' });
    await givePersonSite(ctx.db.db, c.entity, southern.id, south.siteId);
    const vipPerson = await personOf(c, 'Vip', { rfid: 'ABCD0003' });
    await givePersonUserType(ctx.db.db, c.entity, vipPerson.id, vip);
    const limited = await limitedAdmin(c, [north.siteId], [staff]);

    const listed = (await limited.get('/rfid/people?limit=100')).json();
    const names = listed.data.map((p: { first_name: string }) => p.first_name);
    expect(names).toContain('Mine');
    expect(names).not.toContain('Southern');
    expect(names).not.toContain('Vip');
    expect((await limited.get('/rfid/kiosks')).json().map((k: { name: string }) => k.name)).toEqual(['North kiosk']);

    const refused = await limited.post('/rfid/instructions', { user_ids: [mine.id], kiosk_id: south.kioskId });
    expect(refused.statusCode).toBe(404);
    const sent = await limited.post('/rfid/instructions', {
      user_ids: [mine.id, southern.id, vipPerson.id],
      kiosk_id: north.kioskId,
    });
    expect(sent.json()).toEqual({
      sent: 1,
      skipped: [
        { user_id: southern.id, name: null, reason: 'not_found' },
        { user_id: vipPerson.id, name: null, reason: 'not_found' },
      ],
    });
    for (const person of [southern, vipPerson]) {
      expect((await limited.delete(`/rfid/people/${person.id}/card`)).statusCode).toBe(404);
      expect(await rfidOf(c.entity.id, person.id)).not.toBeNull();
    }
    const status = await limited.get(`/rfid/status?user_ids=${mine.id},${southern.id},${vipPerson.id}`);
    expect(status.json().data.map((s: { user_id: string }) => s.user_id)).toEqual([mine.id]);
    expect((await limited.delete(`/rfid/people/${mine.id}/card`)).statusCode).toBe(204);
  });
});

describe('another company can neither read nor change RFID data', () => {
  it('answers 404 or leaves out another company’s people and kiosks, and changes nothing', async () => {
    const a = await adminOf();
    const b = await adminOf();
    const bKiosk = await insertKiosk(ctx.db.db, b.entity);
    const bob = await personOf(b, 'Bob', { rfid: 'B0B00001' });
    await linkFor(b, bob, bKiosk.kioskId);

    expect((await a.client.get('/rfid/people?limit=100')).json().data.map((p: { id: string }) => p.id)).not.toContain(
      bob.id,
    );
    expect((await a.client.get('/rfid/people?search=B0B00001')).json().count).toBe(0);
    expect((await a.client.get(`/rfid/status?user_ids=${bob.id}`)).json().data).toEqual([]);
    expect((await a.client.get('/rfid/kiosks')).json()).toEqual([]);
    expect((await a.client.delete(`/rfid/people/${bob.id}/card`)).statusCode).toBe(404);
    expect(await rfidOf(b.entity.id, bob.id)).toBe('B0B00001');

    const aKiosk = await insertKiosk(ctx.db.db, a.entity);
    const res = await a.client.post('/rfid/instructions', { user_ids: [bob.id], kiosk_id: aKiosk.kioskId });
    expect(res.json()).toEqual({ sent: 0, skipped: [{ user_id: bob.id, name: null, reason: 'not_found' }] });
    const bobLinks = await withTenant(ctx.db.db, b.entity.id, (tx) =>
      tx.select().from(rfidEnrolments).where(eq(rfidEnrolments.personId, bob.id)),
    );
    expect(bobLinks).toHaveLength(1);
    expect(bobLinks[0]!.kioskId).toBe(bKiosk.kioskId);
  });

  it('holds under row-level security with no filter in the query', async () => {
    const a = await adminOf();
    const b = await adminOf();
    await linkFor(a, await personOf(a, 'Ann'), (await insertKiosk(ctx.db.db, a.entity)).kioskId);
    await linkFor(b, await personOf(b, 'Bob'), (await insertKiosk(ctx.db.db, b.entity)).kioskId);
    const seen = await withTenant(ctx.db.db, a.entity.id, (tx) => tx.select().from(rfidEnrolments));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => row.entityId === a.entity.id)).toBe(true);
  });
});
