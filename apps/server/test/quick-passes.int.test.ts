import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog, memberships, people as peopleTable, personSites, quickPasses } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { mailsTo as mailsToAddress } from './helpers/mail';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { makePng } from './helpers/images';
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
type Skip = { user_id: string; name: string | null; reason: string; message: string };

const DEFAULT_USER = 'QuickPasses cannot be printed for default users';

async function adminOf() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  // The owner's own person: a default user of the company.
  const [owner] = await withTenant(ctx.db.db, company.entity.id, (tx) =>
    tx.select().from(peopleTable).where(eq(peopleTable.membershipId, company.people.admin.membershipId)),
  );
  return { ...company, client, owner: owner! };
}

const personOf = (c: Company, firstName: string, values: Partial<PersonRow> = {}) =>
  insertPerson(ctx.db.db, c.entity, {
    firstName,
    lastName: 'Pass',
    email: `${firstName.toLowerCase()}.${newId().slice(-8)}@example.test`,
    ...values,
  });

const passesOf = (entityId: string) =>
  withTenant(ctx.db.db, entityId, (tx) => tx.select().from(quickPasses).where(eq(quickPasses.entityId, entityId)));

const mailsTo = (email: string) => mailsToAddress(ctx.db.db, email);

describe('printing QuickPasses', () => {
  it('answers a printable pass per person with their QR, photo and user types, and records each print', async () => {
    const c = await adminOf();
    const other = await adminOf();
    const photoKey = `people/${newId()}.png`;
    await ctx.app.files.put(photoKey, makePng(250, 300));
    const ann = await personOf(c, 'Ann', { image: photoKey });
    const staff = await insertUserType(ctx.db.db, c.entity, 'Staff');
    const guard = await insertUserType(ctx.db.db, c.entity, 'Guard');
    await givePersonUserType(ctx.db.db, c.entity, ann.id, staff);
    await givePersonUserType(ctx.db.db, c.entity, ann.id, guard);
    const bob = await personOf(c, 'Bob', { email: null });
    const cat = await personOf(c, 'Cat', { status: 'archived' });
    const stranger = await personOf(other, 'Stranger');

    const res = await c.client.post('/quick-passes', {
      user_ids: [ann.id, c.owner.id, bob.id, cat.id, stranger.id, ann.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.company).toEqual({ name: c.entity.name, logo: null });
    expect(body.passes).toHaveLength(2);
    const [annPass, bobPass] = body.passes;
    expect(annPass).toMatchObject({
      user_id: ann.id,
      first_name: 'Ann',
      last_name: 'Pass',
      user_types: ['Guard', 'Staff'],
      qr_payload: ann.qrCode,
    });
    expect(annPass.photo).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(annPass.photo.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(annPass.qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(annPass.qr_image.split(',')[1], 'base64').toString()).toContain('<svg');
    // A pass needs no email: Bob without one gets his.
    expect(bobPass).toMatchObject({ user_id: bob.id, photo: null, user_types: [] });
    expect(body.skipped).toEqual([
      {
        user_id: c.owner.id,
        name: c.owner.firstName + ' ' + c.owner.lastName,
        reason: 'default_user',
        message: DEFAULT_USER,
      },
      { user_id: cat.id, name: 'Cat Pass', reason: 'archived', message: 'Archived people get no QuickPass.' },
      { user_id: stranger.id, name: null, reason: 'not_found', message: 'Not found in your company.' },
    ]);

    const rows = await passesOf(c.entity.id);
    expect(rows.map((r) => r.personId).sort()).toEqual([ann.id, bob.id].sort());
    expect(rows.map((r) => r.id).sort()).toEqual([annPass.id, bobPass.id].sort());
    expect(rows.every((r) => r.printedBy === c.people.admin.id)).toBe(true);
    const audit = await ctx.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.entity.id), eq(auditLog.action, 'quick_pass.print')));
    expect(audit.map((a) => a.targetId).sort()).toEqual([ann.id, bob.id].sort());
  });

  it('never prints for default users: only them is refused with the spec’s message, in the caller’s language', async () => {
    const c = await adminOf();
    const res = await c.client.post('/quick-passes', { user_ids: [c.owner.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.user_ids).toEqual([DEFAULT_USER]);
    c.client.lang = 'ar';
    const ar = await c.client.post('/quick-passes', { user_ids: [c.owner.id] });
    expect(ar.json().message).not.toBe(DEFAULT_USER);
    expect(ar.json().message).toMatch(/[\u0600-\u06ff]/);
    const mixed = await c.client.post('/quick-passes', { user_ids: [c.owner.id, newId()] });
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().passes).toEqual([]);
    expect((await c.client.post('/quick-passes', { user_ids: [newId()] })).statusCode).toBe(404);
    expect(await passesOf(c.entity.id)).toEqual([]);
  });

  it('names each person asked in upper case', async () => {
    const c = await adminOf();
    const ann = await personOf(c, 'Ann');
    const res = await c.client.post('/quick-passes', { user_ids: [ann.id.toUpperCase(), c.owner.id.toUpperCase()] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().passes.map((p: { user_id: string }) => p.user_id)).toEqual([ann.id]);
    expect(res.json().skipped.map((s: Skip) => [s.user_id, s.reason])).toEqual([[c.owner.id, 'default_user']]);
  });

  it('refuses bad input with 400, naming the field', async () => {
    const c = await adminOf();
    const cases: unknown[] = [
      {},
      { user_ids: [] },
      { user_ids: ['ann'] },
      { user_ids: Array.from({ length: 51 }, () => newId()) },
      { user_ids: newId() },
    ];
    for (const body of cases) {
      for (const url of ['/quick-passes', '/quick-passes/send']) {
        const res = await c.client.post(url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
        expect(Object.keys(res.json().fields)[0]).toMatch(/^user_ids/);
      }
    }
    expect((await c.client.post('/quick-passes', { user_ids: [] })).json().fields.user_ids[0]).toMatch(/^People /);
  });
});

describe('sending QuickPasses by email', () => {
  it('mails each person their QR, in their language, and skips who cannot get one', async () => {
    const c = await adminOf();
    const ann = await personOf(c, 'Ann');
    const bob = await personOf(c, 'Bob', { email: null });
    const cat = await personOf(c, 'Cat', { status: 'archived' });
    const res = await c.client.post('/quick-passes/send', { user_ids: [ann.id, bob.id, cat.id, c.owner.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      sent: 1,
      skipped: [
        { user_id: bob.id, name: 'Bob Pass', reason: 'no_email', message: 'This person has no email address.' },
        { user_id: cat.id, name: 'Cat Pass', reason: 'archived', message: 'Archived people get no QuickPass.' },
        { user_id: c.owner.id, name: expect.any(String), reason: 'default_user', message: DEFAULT_USER },
      ],
    });
    const [mail] = await mailsTo(ann.email!);
    expect(mail!.subject).toBe(`Your QuickPass for ${c.entity.name}`);
    expect(mail!.text).toContain('Hello Ann');
    expect(mail!.html).toContain('<div dir="ltr" lang="en"');
    expect(mail!.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
    expect(mail!.html).toContain('<strong>Ann Pass</strong>');
    expect(await mailsTo(c.people.admin.email)).toEqual([]);
    // Sending records no printed pass.
    expect(await passesOf(c.entity.id)).toEqual([]);

    // With no language of their own, people get the caller's.
    const layla = await personOf(c, 'Layla', { lastName: '<Haddad>' });
    c.client.lang = 'ar';
    expect((await c.client.post('/quick-passes/send', { user_ids: [layla.id] })).json().sent).toBe(1);
    const [arabic] = await mailsTo(layla.email!);
    expect(arabic!.html).toContain('<div dir="rtl" lang="ar"');
    // Names are escaped in the HTML.
    expect(arabic!.html).toContain('Layla &lt;Haddad&gt;');
  });

  it('refuses a send to only default users', async () => {
    const c = await adminOf();
    const res = await c.client.post('/quick-passes/send', { user_ids: [c.owner.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(DEFAULT_USER);
  });
});

describe('admins with assigned sites', () => {
  it('print and send only for people in their scope', async () => {
    const c = await adminOf();
    const north = await insertKiosk(ctx.db.db, c.entity, { site: 'North' });
    const south = await insertKiosk(ctx.db.db, c.entity, { site: 'South' });
    const mine = await personOf(c, 'Mine');
    await givePersonSite(ctx.db.db, c.entity, mine.id, north.siteId);
    const theirs = await personOf(c, 'Theirs');
    await givePersonSite(ctx.db.db, c.entity, theirs.id, south.siteId);
    await withTenant(ctx.db.db, c.entity.id, async (tx) => {
      await tx
        .update(memberships)
        .set({ siteScope: 'assigned' })
        .where(eq(memberships.id, c.people.system_admin.membershipId));
      const [me] = await tx
        .select({ id: peopleTable.id })
        .from(peopleTable)
        .where(eq(peopleTable.membershipId, c.people.system_admin.membershipId));
      await tx.insert(personSites).values({ entityId: c.entity.id, personId: me!.id, siteId: north.siteId });
    });
    const { client: limited } = await signIn(ctx.app, c.people.system_admin.email, PASSWORD);

    const printed = (await limited.post('/quick-passes', { user_ids: [mine.id, theirs.id] })).json();
    expect(printed.passes.map((p: { user_id: string }) => p.user_id)).toEqual([mine.id]);
    expect(printed.skipped).toEqual([
      { user_id: theirs.id, name: null, reason: 'not_found', message: 'Not found in your company.' },
    ]);
    expect((await limited.post('/quick-passes', { user_ids: [theirs.id] })).statusCode).toBe(404);
    expect((await limited.post('/quick-passes/send', { user_ids: [theirs.id] })).statusCode).toBe(404);
    expect(await mailsTo(theirs.email!)).toEqual([]);
  });
});

describe('another company can neither read nor print QuickPasses', () => {
  it('answers 404 for another company’s people, writes nothing and mails nobody', async () => {
    const a = await adminOf();
    const b = await adminOf();
    const bob = await personOf(b, 'Bob');
    for (const url of ['/quick-passes', '/quick-passes/send']) {
      const res = await a.client.post(url, { user_ids: [bob.id, b.owner.id] });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await passesOf(a.entity.id)).toEqual([]);
    expect(await passesOf(b.entity.id)).toEqual([]);
    expect(await mailsTo(bob.email!)).toEqual([]);
    // Even where it would print something, the other company's person is only "not found".
    const ann = await personOf(a, 'Ann');
    const res = await a.client.post('/quick-passes', { user_ids: [ann.id, bob.id] });
    expect(res.json().passes.map((p: { user_id: string }) => p.user_id)).toEqual([ann.id]);
    expect(res.json().skipped).toEqual([
      { user_id: bob.id, name: null, reason: 'not_found', message: 'Not found in your company.' },
    ]);
    expect(JSON.stringify(res.json())).not.toContain(bob.qrCode);
  });

  it('holds under row-level security with no filter in the query', async () => {
    const a = await adminOf();
    const b = await adminOf();
    await a.client.post('/quick-passes', { user_ids: [(await personOf(a, 'Ann')).id] });
    await b.client.post('/quick-passes', { user_ids: [(await personOf(b, 'Bob')).id] });
    const seen = await withTenant(ctx.db.db, a.entity.id, (tx) => tx.select().from(quickPasses));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.entityId).toBe(a.entity.id);
  });
});
