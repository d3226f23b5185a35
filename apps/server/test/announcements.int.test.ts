import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Announcement } from '@app/shared/announcements/schemas';
import { withTenant } from '../src/db/client';
import { announcements, auditLog, memberships, people, personUserTypes } from '../src/db/schema/index';
import { seedDemoAnnouncements } from '../src/seed/demo/demo-announcements';
import { sanitizeAnnouncementHtml } from '../src/modules/announcements/sanitize';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { PASSWORD } from './helpers/world';
import {
  addAnnouncement,
  addUserType,
  announcementBody,
  announcingCompany,
  clearOfMinuteEdge,
  localIn,
} from './helpers/announcements-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const company = (timezone = 'UTC') => announcingCompany(ctx.app, ctx.db.db, timezone);

describe('announcements', () => {
  it('adds one with the server’s message, reads it back, lists and changes it', async () => {
    const { client, timezone } = await company('Europe/Madrid');
    const staff = await addUserType(client, 'Staff');
    const publish = localIn(30, timezone);
    const expires = localIn(24 * 60, timezone);
    const res = await client.post(
      '/announcements',
      announcementBody(timezone, {
        text: '<p>Fire drill at <strong>10:00</strong> &amp; everyone meets at the car park.</p>',
        url: 'https://intranet.example.com/fire-drill',
        user_type_ids: [staff.id, staff.id],
        urgent: true,
        verbal: true,
        publish_at: publish,
        expires_at: expires,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { message, data } = res.json<{ message: string; data: Announcement }>();
    expect(message).toBe('Announcement has been created successfully');
    expect(data).toMatchObject({
      excerpt: 'Fire drill at 10:00 & everyone meets at the car park.',
      url: 'https://intranet.example.com/fire-drill',
      user_types: [{ id: staff.id, name: 'Staff' }],
      urgent: true,
      pinned: false,
      verbal: true,
      publish_at: publish,
      expires_at: expires,
      timezone: 'Europe/Madrid',
      state: 'scheduled',
      editable: true,
    });
    // The instants are the Madrid readings: an hour or two behind UTC, never equal to them.
    expect(new Date(data.publish_at_utc).toISOString()).not.toContain(publish);

    const read = await client.get(`/announcements/${data.id}`);
    expect(read.json()).toEqual(data);

    const changed = await client.put(`/announcements/${data.id}`, {
      ...announcementBody(timezone),
      text: '<p>Fire drill moved to <em>11:00</em>.</p>',
      publish_at: publish,
      expires_at: expires,
      pinned: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      excerpt: 'Fire drill moved to 11:00.',
      pinned: true,
      user_types: [],
      url: null,
    });

    await clearOfMinuteEdge();
    const clock = (await client.get('/announcements/clock')).json<{ timezone: string; now: string }>();
    expect(clock.timezone).toBe('Europe/Madrid');
    expect(clock.now).toBe(localIn(0, timezone));
  });

  it('filters by state, puts pinned first and searches the words, not the tags', async () => {
    const { client, entity, timezone } = await company();
    const later = await addAnnouncement(client, timezone, { text: '<p>Later news</p>' });
    await clearOfMinuteEdge();
    const pinned = await addAnnouncement(client, timezone, {
      text: '<p>Pinned <strong>welcome</strong></p>',
      pinned: true,
      publish_at: localIn(0, timezone),
    });
    const now = await addAnnouncement(client, timezone, {
      text: '<p>Today only</p>',
      publish_at: localIn(0, timezone),
    });
    // One that has run its course: written straight to the table, as the API refuses past times.
    const oldId = now.id.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    await withTenant(ctx.db.db, entity.id, (tx) =>
      tx.insert(announcements).values({
        entityId: entity.id,
        id: oldId,
        text: '<p>Last month</p>',
        publishAt: new Date(Date.now() - 40 * 86_400_000),
        expiresAt: new Date(Date.now() - 10 * 86_400_000),
        status: 'expired',
      }),
    );
    const ids = async (query: string) =>
      (await client.get(`/announcements${query}`)).json<{ data: Announcement[]; count: number }>();

    const all = await ids('');
    expect(all.count).toBe(4);
    expect(all.data[0]!.id).toBe(pinned.id);
    expect(all.data.map((a) => a.state)).toEqual(['active', 'scheduled', 'active', 'expired']);
    expect((await ids('?state=scheduled')).data.map((a) => a.id)).toEqual([later.id]);
    expect((await ids('?state=active')).data.map((a) => a.id)).toEqual([pinned.id, now.id]);
    expect((await ids('?state=expired')).data.map((a) => a.id)).toEqual([oldId]);
    expect((await ids('?search=WELCOME')).data.map((a) => a.id)).toEqual([pinned.id]);
    expect((await ids('?search=strong')).count).toBe(0);
    expect((await ids('?search=50%25')).count).toBe(0);
    const page = await ids('?limit=2&page=2&sortField=publish_at&orderBy=asc');
    expect(page.count).toBe(4);
    expect(page.data).toHaveLength(2);
    expect((await client.get('/announcements?state=soon')).statusCode).toBe(400);
    expect((await client.get('/announcements?sortField=text')).statusCode).toBe(400);
  });

  it('deletes with the server’s message and writes audit rows', async () => {
    const { client, entity, timezone } = await company();
    const made = await addAnnouncement(client, timezone);
    const res = await client.delete(`/announcements/${made.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Announcement has been deleted successfully');
    expect((await client.get(`/announcements/${made.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/announcements/${made.id}`)).statusCode).toBe(404);
    const actions = await withTenant(ctx.db.db, entity.id, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, entity.id), eq(auditLog.targetId, made.id))),
    );
    expect(actions.map((a) => a.action).sort()).toEqual(['announcement.create', 'announcement.delete']);
  });

  it('answers in the caller’s language', async () => {
    const { client, timezone } = await company();
    client.lang = 'es';
    const res = await client.post('/announcements', announcementBody(timezone));
    expect(res.json().message).toBe('El anuncio se ha creado correctamente');
    client.lang = 'ar';
    const refused = await client.post('/announcements', announcementBody(timezone, { url: 'ftp://files.example.com' }));
    expect(refused.json().fields.url[0]).toBe('يجب أن يكون الرابط عنوان ويب يبدأ بـ http:// أو https://.');
  });
});

describe('announcement text', () => {
  it('refuses text that is empty once tags are stripped or once sanitised, naming the field', async () => {
    const { client, timezone } = await company();
    for (const text of ['', '   ', '<p></p>', '<p><br></p>', '<p>&nbsp;</p>', '<script>alert(1)</script>']) {
      const res = await client.post('/announcements', announcementBody(timezone, { text }));
      expect(res.statusCode, text).toBe(400);
      expect(res.json().fields.text[0]).toBe('Write the announcement: it cannot be empty.');
    }
    // Words the browser would never show: what a textarea or a select holds is dropped by the sanitiser.
    for (const text of ['<textarea>hidden words</textarea>', '<select><option>one</option></select>']) {
      const res = await client.post('/announcements', announcementBody(timezone, { text }));
      expect(res.statusCode, text).toBe(422);
      expect(res.json().fields.text[0]).toBe('Write the announcement: it cannot be empty.');
    }
    const long = await client.post(
      '/announcements',
      announcementBody(timezone, { text: `<p>${'a'.repeat(20_001)}</p>` }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.text[0]).toContain('20000');
  });

  it('removes scripts, event handlers, javascript: links and foreign embeds, and keeps the toolbar’s forms', async () => {
    const { client, timezone } = await company();
    const dirty = [
      '<p onclick="steal()" style="text-align: center; position: fixed">Centred <strong>bold</strong> <em>it</em> <u>under</u></p>',
      '<p><span style="color: #e03131; background-image: url(javascript:alert(1))">red</span></p>',
      '<p><a href="javascript:alert(1)">bad link</a> <a href="https://example.com/x" onmouseover="x()">good link</a></p>',
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>',
      '<script>alert(2)</script><style>p{display:none}</style>',
      '<img src="x" onerror="alert(3)"><img src="http://insecure.example.com/a.png"><img src="https://cdn.example.com/a.png" onload="x()" alt="Logo">',
      '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1" onload="x()" width="640" height="480"></iframe></div>',
      '<iframe src="https://evil.example.com/embed/dQw4w9WgXcQ"></iframe>',
      '<iframe src="javascript:alert(4)"></iframe><object data="x.swf"></object><form action="https://evil.example.com"><input name="pw"></form>',
      '<svg onload="alert(5)"><a xlink:href="javascript:alert(6)">svg</a></svg>',
    ].join('');
    const made = await addAnnouncement(client, timezone, { text: dirty });
    const html = made.text;
    for (const banned of [
      '<script',
      '<style',
      'onclick',
      'onerror',
      'onload',
      'onmouseover',
      'javascript:',
      'evil.example.com',
      'insecure.example.com',
      'position',
      'background',
      '<object',
      '<form',
      '<input',
      '<svg',
      'autoplay',
      'display:none',
    ]) {
      expect(html, banned).not.toContain(banned);
    }
    expect(html).toContain('<p style="text-align:center">Centred <strong>bold</strong> <em>it</em> <u>under</u></p>');
    expect(html).toContain('<span style="color:#e03131">red</span>');
    expect(html).toContain(
      '<p><span>bad link</span> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">good link</a></p>',
    );
    expect(html).toContain('<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>');
    expect(html).toContain('<img src="https://cdn.example.com/a.png" alt="Logo" />');
    expect(html).toMatch(
      /<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" width="640" height="480"/,
    );
    expect(html.match(/<iframe/g)).toHaveLength(1);
    expect(html.match(/<img/g)).toHaveLength(1);
    // What is stored is what was answered: the sanitised form, never the input.
    expect((await client.get(`/announcements/${made.id}`)).json().text).toBe(html);
  });

  it('accepts only http and https addresses as the URL', async () => {
    const { client, timezone } = await company();
    for (const url of [
      'javascript:alert(1)',
      'ftp://files.example.com/a',
      'data:text/html,hi',
      'example.com',
      '//example.com',
      'https://',
    ]) {
      const res = await client.post('/announcements', announcementBody(timezone, { url }));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields.url[0]).toBe('The URL must be a web address starting with http:// or https://.');
    }
    const tooLong = await client.post(
      '/announcements',
      announcementBody(timezone, { url: `https://example.com/${'a'.repeat(2050)}` }),
    );
    expect(tooLong.json().fields.url[0]).toBe('The URL can be at most 2048 characters.');
    expect(
      (await client.post('/announcements', announcementBody(timezone, { url: 42 }))).json().fields.url,
    ).toBeDefined();
    expect((await addAnnouncement(client, timezone, { url: 'http://intranet.local/news' })).url).toBe(
      'http://intranet.local/news',
    );
    expect((await addAnnouncement(client, timezone, { url: '' })).url).toBeNull();
  });
});

describe('announcement times', () => {
  it('refuses times in the past on the company’s clock, to the minute', async () => {
    // The same reading of a clock is hours ago on Kiritimati (UTC+14) and hours ahead in Pago Pago (UTC-11).
    const reading = localIn(60, 'UTC');
    const ahead = await company('Pacific/Kiritimati');
    const behind = await company('Pacific/Pago_Pago');
    const refused = await ahead.client.post(
      '/announcements',
      announcementBody(ahead.timezone, { publish_at: reading, expires_at: localIn(120, ahead.timezone) }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({ publish_at: ['The publish date and time cannot be in the past.'] });
    const accepted = await behind.client.post(
      '/announcements',
      announcementBody(behind.timezone, { publish_at: reading, expires_at: localIn(24 * 60, behind.timezone) }),
    );
    expect(accepted.statusCode, accepted.body).toBe(201);

    // This minute is not the past; the one before is.
    const { client, timezone } = await company('Asia/Kolkata');
    await clearOfMinuteEdge();
    expect((await addAnnouncement(client, timezone, { publish_at: localIn(0, timezone) })).state).toBe('active');
    const minuteAgo = await client.post(
      '/announcements',
      announcementBody(timezone, { publish_at: localIn(-1, timezone) }),
    );
    expect(minuteAgo.statusCode).toBe(422);
    expect(minuteAgo.json().fields.publish_at).toBeDefined();
    const expired = await client.post(
      '/announcements',
      announcementBody(timezone, { publish_at: localIn(-120, timezone), expires_at: localIn(-60, timezone) }),
    );
    expect(expired.statusCode).toBe(422);
    expect(Object.keys(expired.json().fields)).toEqual(['publish_at']);
  });

  it('wants the expiry after the publish time', async () => {
    const { client, timezone } = await company('America/New_York');
    for (const [publish, expires] of [
      [localIn(60, timezone), localIn(30, timezone)],
      [localIn(60, timezone), localIn(60, timezone)],
    ]) {
      const res = await client.post(
        '/announcements',
        announcementBody(timezone, { publish_at: publish, expires_at: expires }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual({
        expires_at: ['The expiry date and time must be after the publish date and time.'],
      });
    }
  });

  it('refuses what is not a date and a time, naming the field', async () => {
    const { client, timezone } = await company();
    for (const value of [
      '2031-02-30T10:00',
      '2031-01-01 10:00',
      '2031-01-01T24:00',
      '2031-01-01T10:00:00Z',
      'tomorrow',
      '',
    ]) {
      const res = await client.post('/announcements', announcementBody(timezone, { publish_at: value }));
      expect(res.statusCode, value).toBe(400);
      expect(res.json().fields.publish_at[0]).toBe(
        'Publish date and time must be a date and a time, like 2026-05-14T09:30.',
      );
    }
    const missing = await client.post('/announcements', { text: '<p>Hi</p>' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['expires_at', 'publish_at']);
  });

  it('keeps a publish time already past when an active announcement is edited, but refuses moving it into the past', async () => {
    const { client, entity, timezone } = await company('Australia/Sydney');
    const made = await addAnnouncement(client, timezone, { publish_at: localIn(5, timezone) });
    // Five minutes on: the announcement is showing and its publish time is now in the past.
    const started = new Date(Date.now() - 10 * 60_000);
    await withTenant(ctx.db.db, entity.id, (tx) =>
      tx
        .update(announcements)
        .set({ publishAt: started, status: 'active' })
        .where(and(eq(announcements.entityId, entity.id), eq(announcements.id, made.id))),
    );
    const current = (await client.get(`/announcements/${made.id}`)).json<Announcement>();
    expect(current.state).toBe('active');
    const kept = await client.put(`/announcements/${made.id}`, {
      ...announcementBody(timezone),
      text: '<p>Corrected wording</p>',
      publish_at: current.publish_at,
      expires_at: current.expires_at,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().publish_at).toBe(current.publish_at);
    const moved = await client.put(`/announcements/${made.id}`, {
      ...announcementBody(timezone),
      publish_at: localIn(-30, timezone),
      expires_at: current.expires_at,
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().fields.publish_at[0]).toBe('The publish date and time cannot be in the past.');
  });
});

async function limitTo(entityId: string, membershipId: string, userTypeIds: string[]) {
  await withTenant(ctx.db.db, entityId, async (tx) => {
    const [person] = await tx
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.entityId, entityId), eq(people.membershipId, membershipId)));
    for (const userTypeId of userTypeIds)
      await tx.insert(personUserTypes).values({ entityId, personId: person!.id, userTypeId });
    await tx.update(memberships).set({ siteScope: 'assigned' }).where(eq(memberships.id, membershipId));
  });
}

describe('admins limited to some user types', () => {
  it('target only their types, see what reaches them, and change only what stays within them', async () => {
    const { client, entity, people: staff, timezone } = await company();
    const visitors = await addUserType(client, 'Visitors');
    const vip = await addUserType(client, 'VIP', visitors.id);
    const contractors = await addUserType(client, 'Contractors');
    await limitTo(entity.id, staff.system_admin.membershipId, [visitors.id]);
    const { client: limited } = await signIn(ctx.app, staff.system_admin.email, PASSWORD);

    const offered = async (c: typeof client) =>
      (await c.get('/announcements/user-types')).json<{ data: { name: string }[] }>().data.map((x) => x.name);
    expect(await offered(limited)).toEqual(['VIP', 'Visitors']);
    expect(await offered(client)).toEqual(['Contractors', 'VIP', 'Visitors']);

    const forEveryone = await addAnnouncement(client, timezone, { text: '<p>For everyone</p>' });
    const forContractors = await addAnnouncement(client, timezone, {
      text: '<p>Contractors only</p>',
      user_type_ids: [contractors.id],
    });
    const forBoth = await addAnnouncement(client, timezone, {
      text: '<p>Visitors and contractors</p>',
      user_type_ids: [visitors.id, contractors.id],
    });

    // Targets within their types (a child type counts); none (everyone) or another type is refused.
    const mine = await limited.post('/announcements', announcementBody(timezone, { user_type_ids: [vip.id] }));
    expect(mine.statusCode, mine.body).toBe(201);
    const everyone = await limited.post('/announcements', announcementBody(timezone, { user_type_ids: [] }));
    expect(everyone.statusCode).toBe(422);
    expect(everyone.json().fields.user_type_ids[0]).toContain('at least one of your user types');
    const other = await limited.post('/announcements', announcementBody(timezone, { user_type_ids: [contractors.id] }));
    expect(other.statusCode).toBe(422);
    expect(other.json().fields.user_type_ids[0]).toBe(
      'One of the chosen user types does not exist or is not assigned to you.',
    );

    const seen = (await limited.get('/announcements')).json<{ data: Announcement[] }>().data;
    const byId = new Map(seen.map((a) => [a.id, a]));
    expect([...byId.keys()].sort()).toEqual([forEveryone.id, forBoth.id, mine.json().data.id].sort());
    expect(byId.get(forEveryone.id)!.editable).toBe(false);
    expect(byId.get(forBoth.id)!.editable).toBe(false);
    expect(byId.get(mine.json().data.id)!.editable).toBe(true);
    expect((await limited.get(`/announcements/${forContractors.id}`)).statusCode).toBe(404);
    expect((await limited.delete(`/announcements/${forContractors.id}`)).statusCode).toBe(404);

    const change = await limited.put(
      `/announcements/${forBoth.id}`,
      announcementBody(timezone, { user_type_ids: [visitors.id] }),
    );
    expect(change.statusCode).toBe(422);
    expect(change.json().fields.user_type_ids[0]).toContain('only an administrator who manages all of them');
    expect((await limited.delete(`/announcements/${forEveryone.id}`)).statusCode).toBe(422);
    expect((await limited.delete(`/announcements/${mine.json().data.id}`)).statusCode).toBe(200);
    // The owner is not limited.
    expect((await client.get('/announcements')).json().count).toBe(3);
  });

  it('keeps employees out', async () => {
    const { client, people: staff, timezone } = await company();
    const made = await addAnnouncement(client, timezone);
    const { client: employee } = await signIn(ctx.app, staff.employee.email, PASSWORD);
    expect((await employee.get('/announcements')).statusCode).toBe(403);
    expect((await employee.get(`/announcements/${made.id}`)).statusCode).toBe(403);
    expect((await employee.post('/announcements', announcementBody(timezone))).statusCode).toBe(403);
    expect((await employee.delete(`/announcements/${made.id}`)).statusCode).toBe(403);
    expect((await employee.get('/announcements/user-types')).statusCode).toBe(403);
  });
});

describe('another company can neither read nor change announcements', () => {
  it('answers 404 and refuses the other company’s user types as targets', async () => {
    const a = await company();
    const b = await company();
    const theirType = await addUserType(b.client, 'Their visitors');
    const theirs = await addAnnouncement(b.client, b.timezone, {
      text: '<p>Theirs</p>',
      user_type_ids: [theirType.id],
    });
    expect((await a.client.get(`/announcements/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.client.put(`/announcements/${theirs.id}`, announcementBody(a.timezone))).statusCode).toBe(404);
    expect((await a.client.delete(`/announcements/${theirs.id}`)).statusCode).toBe(404);
    const target = await a.client.post(
      '/announcements',
      announcementBody(a.timezone, { user_type_ids: [theirType.id] }),
    );
    expect(target.statusCode).toBe(422);
    expect(target.json().fields.user_type_ids).toBeDefined();
    expect((await a.client.get('/announcements')).json().count).toBe(0);
    expect((await a.client.get('/announcements/user-types')).json().data).toEqual([]);
    const [row] = await ctx.db.db.select().from(announcements).where(eq(announcements.id, theirs.id));
    expect(row!.text).toBe('<p>Theirs</p>');
    // Row-level security agrees: in A's transaction B's announcement does not exist.
    const seen = await withTenant(ctx.db.db, a.entity.id, (tx) =>
      tx.select({ id: announcements.id }).from(announcements),
    );
    expect(seen).toEqual([]);
  });
});

describe('the demo seed', () => {
  it('holds a pinned welcome, an urgent fire drill to come, a verbal message for visitors and an expired notice', async () => {
    const { client, entity } = await company('Asia/Dubai');
    const staff = await addUserType(client, 'Staff');
    await addUserType(client, 'Interns', staff.id);
    const visitors = await addUserType(client, 'Visitors');
    await addUserType(client, 'Contractors', visitors.id);
    await addUserType(client, 'Delivery', visitors.id);
    await withTenant(ctx.db.db, entity.id, (tx) => seedDemoAnnouncements(tx, entity.id));

    const list = (await client.get('/announcements')).json<{ data: Announcement[]; count: number }>();
    expect(list.count).toBe(4);
    const [welcome, ...rest] = list.data;
    expect(welcome).toMatchObject({ pinned: true, state: 'active', user_types: [], urgent: false });
    expect(welcome!.excerpt).toMatch(/^Welcome to Demo Company!/);
    const drill = rest.find((a) => a.urgent)!;
    expect(drill).toMatchObject({ state: 'scheduled', timezone: 'Asia/Dubai' });
    expect(drill.publish_at).toMatch(/T09:30$/);
    expect(drill.user_types.map((t) => t.name)).toEqual(['Contractors', 'Interns', 'Staff']);
    const kiosk = rest.find((a) => a.verbal)!;
    expect(kiosk).toMatchObject({ state: 'active' });
    expect(kiosk.user_types.map((t) => t.name)).toEqual(['Delivery', 'Visitors']);
    expect(rest.filter((a) => a.state === 'expired')).toHaveLength(1);
    // Stored as the API would store it, and as the job would leave it.
    for (const a of list.data) expect(a.text).toBe(sanitizeAnnouncementHtml(a.text));
    const stored = await withTenant(ctx.db.db, entity.id, (tx) =>
      tx.select({ id: announcements.id, status: announcements.status }).from(announcements),
    );
    for (const row of stored) expect(row.status).toBe(list.data.find((a) => a.id === row.id)!.state);
  });
});
