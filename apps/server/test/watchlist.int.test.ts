// Watchlist screening (issue 29, decision 051): entries kept with the watchlist permission, screening at
// the desk with explainable matches across Arabic and Latin script, deny refused, review waiting for an
// admin, notify let through and told, "not a match" remembered, CSV import, the kiosk's offline snapshot
// as hashes, and another company neither reading nor changing any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineKeys, snapshotHash, snapshotLevel } from '@app/shared/watchlist/offline-keys';
import type {
  Screening,
  ScreeningsList,
  WatchlistEntry,
  WatchlistImportResult,
  WatchlistList,
} from '@app/shared/watchlist/schemas';
import { sql } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { runRetention } from '../src/modules/privacy/privacy.service';
import { watchlistSnapshot } from '../src/modules/watchlist/watchlist-snapshot';
import { signIn } from './helpers/http-client';
import { mailsTo } from './helpers/mail';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: VisitsWorld;
let other: VisitsWorld;
let guard: { id: string; email: string | null };

beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db);
  other = await visitsWorld(ctx.app, ctx.db.db);
  await w.flow(w.types.visitors);
  guard = await w.person('Guard', w.types.staff);
  const saved = await w.admin.put('/watchlist/settings', { name_threshold: 80, notify_person_ids: [guard.id] });
  expect(saved.statusCode, saved.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const add = async (body: Record<string, unknown>, client = w.admin) => {
  const res = await client.post('/watchlist', { reason: 'Trespass in 2025', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WatchlistEntry>();
};
const screenings = async (query = '') => {
  const res = await w.admin.get(`/watchlist/screenings${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ScreeningsList>();
};
const refusal = (res: Awaited<ReturnType<VisitsWorld['admin']['get']>>) => {
  expect(res.statusCode, res.body).toBe(422);
  return res.json<{ errors: Record<string, string> }>();
};

describe('the watchlist', () => {
  it('keeps entries with their aliases, checks each field and names it', async () => {
    const entry = await add({
      level: 'notify',
      full_name: 'Zed Keeper',
      aliases: ['Z. Keeper', 'Z. Keeper'],
      email: 'zed@example.test',
    });
    expect(entry).toMatchObject({
      aliases: ['Z. Keeper'],
      email: 'zed@example.test',
      added_by: { id: w.people.admin.id },
    });
    const changed = await w.admin.put(`/watchlist/${entry.id}`, {
      level: 'review',
      full_name: 'Zed Keeper',
      reason: 'Changed',
    });
    expect(changed.json<WatchlistEntry>()).toMatchObject({ level: 'review', aliases: [], email: null });
    for (const [body, field] of [
      [{ level: 'ban', full_name: 'X', reason: 'r' }, 'level'],
      [{ level: 'deny', full_name: '', reason: 'r' }, 'full_name'],
      [{ level: 'deny', full_name: 'X', reason: 'r', email: 'nope' }, 'email'],
      [{ level: 'deny', full_name: 'X', reason: 'r', date_of_birth: '1990-13-45' }, 'date_of_birth'],
      [{ level: 'deny', full_name: 'X' }, 'reason'],
    ] as const) {
      const res = await w.admin.post('/watchlist', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields[field]).toBeTruthy();
    }
    const found = await w.admin.get('/watchlist?search=keeper');
    expect(found.json<WatchlistList>().data.map((e) => e.id)).toContain(entry.id);
    expect((await w.admin.delete(`/watchlist/${entry.id}`)).statusCode).toBe(204);
  });

  it('refuses a denied person at the desk, explains the match across scripts and tells the chosen people', async () => {
    const entry = await add({ level: 'deny', full_name: 'محمد الرشيد', company_name: 'Northwind' });
    const mohamed = await w.person('Mohammed', w.types.visitors, w.sites.hq, {
      lastName: 'Al-Rashid',
      companyName: 'Northwind',
    });
    const body = refusal(await w.signInPeople([{ person_id: mohamed.id }]));
    const message = Object.values(body.errors).join('\n');
    expect(message).toContain('محمد الرشيد');
    expect(message).toMatch(/alike across scripts/);
    expect(message).toContain('same company');

    const [s] = (await screenings(`?person_id=${mohamed.id}`)).data;
    expect(s).toMatchObject({ outcome: 'refused', way: 'desk', level: 'deny', entry: { id: entry.id, exists: true } });
    expect(s!.reasons.map((r) => [r.field, r.how])).toEqual([
      ['name', 'transliterated'],
      ['company', 'same'],
    ]);
    expect(s!.score).toBeGreaterThanOrEqual(95);
    const mail = (await mailsTo(ctx.db.db, guard.email!))[0]!;
    expect(mail.subject).toContain('was refused');
    expect(mail.text).toContain('across scripts');

    // "Not a match", with a reason: remembered, and the person signs in.
    const decided = await w.admin.post(`/watchlist/screenings/${s!.id}/decision`, {
      decision: 'not_a_match',
      reason: 'Different date of birth, checked the passport',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<Screening>()).toMatchObject({ outcome: 'not_a_match', decided_by: { id: w.people.admin.id } });
    await w.signInOne(mohamed.id);
    expect((await screenings(`?person_id=${mohamed.id}`)).count).toBe(1);
  });

  it('holds a person to review until an admin approves, once per pair', async () => {
    await add({ level: 'review', full_name: 'Jon Smith' });
    const john = await w.person('John', w.types.visitors, w.sites.hq, { lastName: 'Smith' });
    expect(Object.values(refusal(await w.signInPeople([{ person_id: john.id }])).errors)[0]).toMatch(/must review/);
    expect(Object.values(refusal(await w.signInPeople([{ person_id: john.id }])).errors)[0]).toMatch(/waiting/);
    const pending = await screenings(`?person_id=${john.id}&outcome=pending`);
    expect(pending.count).toBe(1);
    expect(pending.data[0]!.reasons[0]).toMatchObject({ field: 'name', how: 'alike', distance: 1 });
    const wrong = await w.admin.post(`/watchlist/screenings/${pending.data[0]!.id}/decision`, {
      decision: 'maybe',
      reason: 'x',
    });
    expect(wrong.statusCode).toBe(400);
    const approved = await w.admin.post(`/watchlist/screenings/${pending.data[0]!.id}/decision`, {
      decision: 'approve',
      reason: 'Known contractor',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Screening>().expires_at).not.toBeNull();
    await w.signInOne(john.id);
    const again = await w.admin.post(`/watchlist/screenings/${pending.data[0]!.id}/decision`, {
      decision: 'reject',
      reason: 'x',
    });
    expect(again.statusCode).toBe(422);
  });

  it('lets a notify match in and tells the chosen people; the email alone matches', async () => {
    const ann = await w.person('Ann', w.types.visitors, w.sites.hq, { lastName: 'Other' });
    await add({ level: 'notify', full_name: 'Someone Else Entirely', email: ann.email!.toUpperCase() });
    const before = (await mailsTo(ctx.db.db, guard.email!)).length;
    await w.signInOne(ann.id);
    const [s] = (await screenings(`?person_id=${ann.id}`)).data;
    expect(s).toMatchObject({ outcome: 'notified', score: 100, reasons: [{ field: 'email', how: 'same' }] });
    expect((await mailsTo(ctx.db.db, guard.email!)).length).toBe(before + 1);
  });

  it('follows the company’s threshold', async () => {
    await add({ level: 'deny', full_name: 'Petra Lindqvist' });
    const petra = await w.person('Petrah', w.types.visitors, w.sites.hq, { lastName: 'Lindquist' });
    refusal(await w.signInPeople([{ person_id: petra.id }]));
    await w.admin.put('/watchlist/settings', { name_threshold: 99, notify_person_ids: [guard.id] });
    await w.signInOne(petra.id);
    await w.admin.put('/watchlist/settings', { name_threshold: 80, notify_person_ids: [guard.id] });
    const bad = await w.admin.put('/watchlist/settings', { name_threshold: 20, notify_person_ids: [] });
    expect(bad.statusCode).toBe(400);
    const unknown = await w.admin.put('/watchlist/settings', {
      name_threshold: 80,
      notify_person_ids: [other.people.admin.id],
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<{ fields: Record<string, string> }>().fields)).toEqual(['notify_person_ids.0']);
  });

  it('imports a CSV, naming each refused row', async () => {
    const csv = [
      'level,full_name,aliases,email,phone,company_name,date_of_birth,reason',
      'deny,Imported One,"I. One;Uno",one@example.test,+44 7700 900123,Acme,1980-02-03,Banned',
      'review,"Two, Imported",,,,,,Check',
      'maybe,Three,,,,,,Reason',
      'notify,Four,,bad-email,,,,Reason',
      'deny,Imported One,,one@example.test,,,,Again',
    ].join('\r\n');
    const res = await w.admin.upload('POST', '/watchlist/import', 'file', Buffer.from(csv), 'list.csv', 'text/csv');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<WatchlistImportResult>();
    expect(result.created).toBe(2);
    expect(result.errors.map((e) => [e.row, e.field])).toEqual([
      [4, 'level'],
      [5, 'email'],
      [6, 'full_name'],
    ]);
    const list = (await w.admin.get('/watchlist?search=Imported')).json<WatchlistList>();
    expect(list.data.find((e) => e.full_name === 'Imported One')).toMatchObject({
      aliases: ['I. One', 'Uno'],
      date_of_birth: '1980-02-03',
    });
    const empty = await w.admin.upload(
      'POST',
      '/watchlist/import',
      'file',
      Buffer.from('name\nx'),
      'list.csv',
      'text/csv',
    );
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<{ fields: Record<string, string> }>().fields)).toEqual(['file']);
  });

  it('gives kiosks hashes of the exact keys, never names', async () => {
    const snap = await withTenant(ctx.db.db, w.entity.id, (tx) => watchlistSnapshot(tx, w.entity.id));
    const text = JSON.stringify(snap);
    expect(text).not.toContain('Imported');
    expect(text).not.toContain('one@example.test');
    const hash = (k: string) => snapshotHash(snap.salt, k);
    const keys = offlineKeys({ name: 'Imported One', email: 'ONE@example.test', phone: '07700900123' });
    expect(keys).toHaveLength(3);
    for (const k of keys) expect(snap.deny).toContain(hash(k));
    expect(offlineKeys({ name: 'Nobody Here' }).some((k) => snap.deny.includes(hash(k)))).toBe(false);
    // A name as it sounds, in the other script and word order, is found; a merely similar one is not.
    expect(snapshotLevel(snap, { name: 'Rashid Mohammed' })).toBe('deny');
    expect(snapshotLevel(snap, { name: 'One Imported' })).toBe('deny');
    expect(snapshotLevel(snap, { name: 'Jon Smith' })).toBe('review');
    expect(snapshotLevel(snap, { name: 'Jon Smyth' })).toBe('review');
    expect(snapshotLevel(snap, { name: 'Jon Smithers' })).toBeNull();
  });

  it('forgets screenings past the company’s data retention', async () => {
    const [newest] = (await screenings()).data;
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.execute(sql`update watchlist_screenings set at = now() - interval '400 days' where id = ${newest!.id}`),
    );
    const before = (await screenings()).count;
    expect(
      (await w.admin.put('/privacy/company', { data_retention_days: 365, scans_retention_days: 365 })).statusCode,
    ).toBe(200);
    const run = await runRetention(ctx.app, w.entity.id, {
      trigger: 'schedule',
      scope: 'both',
      localDate: '2026-12-05',
      now: new Date(),
    });
    expect(run).toMatchObject({ status: 'done' });
    const after = await screenings();
    expect(after.count).toBe(before - 1);
    expect(after.data.map((s) => s.id)).not.toContain(newest!.id);
    await w.admin.put('/privacy/company', { data_retention_days: null, scans_retention_days: null });
  });

  it('is kept only with the watchlist permission, and another company neither reads nor changes it', async () => {
    const entry = await add({ level: 'deny', full_name: 'Private Person' });
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect((await employee.get('/watchlist')).statusCode).toBe(403);
    expect((await other.admin.get(`/watchlist/${entry.id}`)).statusCode).toBe(404);
    expect(
      (await other.admin.put(`/watchlist/${entry.id}`, { level: 'notify', full_name: 'x', reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await other.admin.delete(`/watchlist/${entry.id}`)).statusCode).toBe(404);
    expect((await other.admin.get('/watchlist')).json<WatchlistList>().count).toBe(0);
    const [s] = (await screenings()).data;
    expect(
      (await other.admin.post(`/watchlist/screenings/${s!.id}/decision`, { decision: 'approve', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await other.admin.get('/watchlist/screenings')).json<ScreeningsList>().count).toBe(0);
    // The other company's people are not screened against this company's list.
    const twin = await other.person('Private', other.types.visitors, other.sites.hq, { lastName: 'Person' });
    await other.flow(other.types.visitors);
    await other.signInOne(twin.id);
  });
});
