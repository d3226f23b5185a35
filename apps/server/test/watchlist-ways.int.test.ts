// Every way in screens against the watchlist (issue 29, decision 051): expected visits and their
// approval, public pre-registration (told nothing of the watchlist), a kiosk (a visitor's generic
// message), the API token, and the people import (a row it stops is not imported; a notify match is told).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningsList } from '@app/shared/watchlist/schemas';
import { TestClient } from './helpers/http-client';
import { pairJourneyKiosk } from './helpers/kiosk-pairing';
import { mailsTo } from './helpers/mail';
import { createTestApp, type TestContext } from './helpers/test-app';
import {
  expectedVisitBody,
  expectedWorld,
  registerGuest,
  newVisitor,
  slot,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { ranImport, rowsOf, sheetOf, uploaded } from './helpers/people-import-files';

let ctx: TestContext;
let e: ExpectedWorld;
let w: VisitsWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  e = await expectedWorld(ctx.app, ctx.db.db);
  w = await visitsWorld(ctx.app, ctx.db.db);
  await w.flow(w.types.visitors);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const add = async (client: TestClient, body: Record<string, unknown>) => {
  const res = await client.post('/watchlist', { reason: 'Incident report 17', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};
const screenings = async (client: TestClient, query = '') =>
  (await client.get(`/watchlist/screenings${query}`)).json<ScreeningsList>();

describe('screening at every way in', () => {
  it('refuses an expected visit for a denied visitor, new or known, naming the field', async () => {
    await add(e.admin, { level: 'deny', full_name: 'Vera Visitor', email: `vera.${e.tag}@example.test` });
    const res = await e.admin.post('/expected-visits', expectedVisitBody(e));
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields)).toEqual(['visitor']);
    expect(res.json<{ message: string }>().message).toContain('Vera Visitor');
    const [s] = (await screenings(e.admin)).data;
    expect(s).toMatchObject({
      way: 'expected_visit',
      outcome: 'refused',
      person_id: null,
      subject: { name: 'Vera Visitor' },
    });
    expect(s!.reasons.map((r) => r.field)).toEqual(['email', 'name']);
    // The company chose nobody to tell: those who keep the watchlist (its admins) are told.
    const mails = await mailsTo(ctx.db.db, e.people.admin.email);
    expect(mails.map((m) => m.subject)).toContain('Watchlist: Vera Visitor was refused');
  });

  it('holds a new visitor to review until an admin approves, then screens the approval of their visit', async () => {
    await add(e.admin, { level: 'review', full_name: 'Rita Review' });
    const body = expectedVisitBody(e, {
      visitor: newVisitor(e.tag, {
        first_name: 'Rita',
        last_name: 'Review',
        email: `rita.${e.tag}@example.test`,
        phone: '7999888771',
      }),
      user_type_id: e.types.guests,
    });
    const held = await e.admin.post('/expected-visits', body);
    expect(held.statusCode, held.body).toBe(422);
    expect(held.json<{ message: string }>().message).toMatch(/must review/);
    const [pending] = (await screenings(e.admin, '?outcome=pending')).data;
    expect(pending).toMatchObject({ way: 'expected_visit', person_id: null, subject: { name: 'Rita Review' } });
    const approved = await e.admin.post(`/watchlist/screenings/${pending!.id}/decision`, {
      decision: 'approve',
      reason: 'Expected by HR',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const made = await e.admin.post('/expected-visits', body);
    expect(made.statusCode, made.body).toBe(201);
  });

  it('refuses to approve a registered visit whose visitor is now denied', async () => {
    const visitId = await registerGuest(ctx.app, e, { first_name: 'Gil', phone: '7999888773' });
    await add(e.admin, { level: 'deny', full_name: 'Gil Guest' });
    const refused = await e.admin.post(`/expected-visits/${visitId}/decisions`, { decision: 'approve' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(refused.json<{ fields: Record<string, string> }>().fields)).toEqual(['decision']);
    const rejected = await e.admin.post(`/expected-visits/${visitId}/decisions`, { decision: 'reject' });
    expect(rejected.statusCode, rejected.body).toBe(200);
  });

  it('says nothing of the watchlist to a visitor registering through a public link, and records it', async () => {
    await add(e.admin, { level: 'deny', full_name: 'Paula Public' });
    const visitor = new TestClient(ctx.app);
    const res = await visitor.post('/public/pre-registrations', {
      link_id: await e.qrOf(e.types.visitors),
      user_type_id: e.types.visitors,
      area_id: e.areas.reception,
      ...slot(1),
      ...newVisitor(e.tag, {
        first_name: 'Paula',
        last_name: 'Public',
        email: `paula.${e.tag}@example.test`,
        phone: '7999888772',
      }),
      host_ids: [e.host.id],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.body).not.toMatch(/watchlist|Paula Public/i);
    expect(res.json<{ message: string }>().message).toMatch(/see reception/);
    const [s] = (await screenings(e.admin)).data;
    expect(s).toMatchObject({ way: 'pre_registration', outcome: 'refused', person_id: null });
  });

  it('stops a kiosk’s visitor with a generic message, and an API client with the reason kept from it', async () => {
    const kiosk = await pairJourneyKiosk(ctx.app, w.admin, w.areas.reception, w.journey);
    await add(w.admin, { level: 'deny', full_name: 'Kai Kiosk' });
    const kai = await w.person('Kai', w.types.visitors, w.sites.hq, { lastName: 'Kiosk' });
    const atKiosk = await kiosk.device.post('/kiosk-device/sign-in', { people: [{ person_id: kai.id }] });
    expect(atKiosk.statusCode, atKiosk.body).toBe(422);
    expect(atKiosk.body).toMatch(/see reception/);
    expect(atKiosk.body).not.toMatch(/watchlist/i);

    const token = (await w.admin.post('/company/client-token')).json<{ token: string }>().token;
    const api = new TestClient(ctx.app);
    const viaApi = await api.post(
      '/visits/sign-in',
      { area_id: w.areas.reception, people: [{ person_id: kai.id }] },
      { authorization: `Bearer ${token}` },
    );
    expect(viaApi.statusCode, viaApi.body).toBe(422);
    // The token holds no watchlist permission: it hears that the person is stopped, not by whom.
    expect(viaApi.body).toMatch(/watchlist/);
    expect(viaApi.body).not.toContain('Kai Kiosk”');
    const ways = (await screenings(w.admin, `?person_id=${kai.id}`)).data.map((s) => s.way).sort();
    expect(ways).toEqual(['api', 'kiosk']);
  });

  it('leaves out the import rows it stops, and tells of a notify match imported', async () => {
    await add(w.admin, { level: 'deny', full_name: 'Ivan Imported' });
    const recipient = await w.person('Nora', w.types.staff);
    await w.admin.put('/watchlist/settings', { name_threshold: 80, notify_person_ids: [recipient.id] });
    await add(w.admin, { level: 'notify', full_name: 'Nadia Noticed' });
    const header = ['First name', 'Last name', 'Email', 'User types', 'Sites'];
    const task = await uploaded(
      w.admin,
      await sheetOf(header, [
        ['Ivan', 'Imported', null, 'Visitors', 'HQ'],
        ['Nadia', 'Noticed', null, 'Visitors', 'HQ'],
        ['Olga', 'Ordinary', null, 'Visitors', 'HQ'],
      ]),
    );
    const rows = await rowsOf(w.admin, task.id);
    expect(rows[0]!.errors['first_name']?.[0]).toContain('Ivan Imported');
    expect(rows.slice(1).every((r) => Object.keys(r.errors).length === 0)).toBe(true);
    const done = await ranImport(w.admin, task.id);
    expect(done).toMatchObject({ created_rows: 2, skipped_rows: 1 });
    const found = (await screenings(w.admin, '?limit=5')).data.filter((s) => s.way === 'import');
    expect(found.map((s) => [s.subject.name, s.outcome]).sort()).toEqual([
      ['Ivan Imported', 'refused'],
      ['Nadia Noticed', 'notified'],
    ]);
    expect(found.find((s) => s.outcome === 'notified')!.person_id).not.toBeNull();
    const mails = await mailsTo(ctx.db.db, recipient.email!);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Nadia Noticed has come in'),
        expect.stringContaining('Ivan Imported was refused'),
      ]),
    );
  });
});
