// The print queue (/reporting/printer: list, cancel, reprint, printed from the print dialog) and the
// kiosk logs (/reporting/kiosk-logs: what each kiosk did, written once per transition).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog, badgePrints, kioskEvents, kiosks, people } from '../src/db/schema/index';
import { sweepOfflineKiosks } from '../src/modules/kiosks/kiosks.jobs';
import { limitToSites } from './helpers/attendance-factories';
import { signIn, TestClient } from './helpers/http-client';
import { givePersonUserType } from './helpers/people-rows';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type PrintRow = {
  id: string;
  visit_id: string;
  status: string;
  person: { id: string; name: string };
  site: { id: string; name: string };
  area: { id: string; name: string };
  kiosk: { id: string; name: string } | null;
  requested_by: { id: string; name: string } | null;
  reprint_of: string | null;
  printed_at: { at: string; local: string } | null;
};
type PrintList = { data: PrintRow[]; count: number; next_cursor: string | null };
type LogRow = {
  id: string;
  kind: string;
  kiosk: { id: string; name: string };
  kiosk_registered: boolean;
  site: { id: string; name: string } | null;
  area: { id: string; name: string } | null;
  person: { id: string; name: string } | null;
  visit_id: string | null;
  detail: Record<string, unknown>;
  at: { at: string; local: string };
};
type LogList = { data: LogRow[]; count: number; next_cursor: string | null };

const randomMac = () => ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':');

/** A person signed in at an area and their badge sent to print; answers the print's id and visit. */
async function queuedPrint(w: VisitsWorld, name: string, areaId = w.areas.reception) {
  const person = await w.person(name, w.types.visitors, areaId === w.areas.lobby ? w.sites.branch : w.sites.hq);
  const visit = await w.signInOne(person.id, areaId);
  const res = await w.admin.post(`/visits/${visit.id}/badge-prints`, {});
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ id: string }>().id, visitId: visit.id, personId: person.id };
}

const prints = async (client: TestClient, query = '') => {
  const res = await client.get(`/reports/print-queue${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PrintList>();
};

const logs = async (client: TestClient, query = '') => {
  const res = await client.get(`/reports/kiosk-logs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LogList>();
};

async function storedPrint(w: VisitsWorld, id: string) {
  return withTenant(ctx.db.db, w.entity.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(badgePrints)
      .where(and(eq(badgePrints.entityId, w.entity.id), eq(badgePrints.id, id)));
    return row!;
  });
}

/** Pairs a kiosk into an area the way a tablet does; answers its id and device token. */
async function pairKiosk(w: VisitsWorld, areaId: string, name = 'Front kiosk') {
  const device = new TestClient(ctx.app);
  const code = await device.post('/public/kiosk-pairings', { mac_address: randomMac(), app_version: '3.1.0' });
  expect(code.statusCode, code.body).toBe(201);
  const { code: shown, secret } = code.json<{ code: string; secret: string }>();
  const added = await w.admin.post('/kiosks', { code: shown, name, area_id: areaId });
  expect(added.statusCode, added.body).toBe(201);
  const status = await device.get('/public/kiosk-pairings/status', { 'x-kiosk-pairing-secret': secret });
  const token = status.json<{ device_token: string }>().device_token;
  const headers = { authorization: `Bearer ${token}` };
  return {
    id: added.json<{ id: string }>().id,
    heartbeat: (app_version?: string) =>
      device.post('/kiosk-device/heartbeat', app_version ? { app_version } : {}, headers),
    signIn: (body: Record<string, unknown>) => device.post('/kiosk-device/sign-in', body, headers),
  };
}

async function setLastSeen(w: VisitsWorld, kioskId: string, at: Date) {
  await withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx
      .update(kiosks)
      .set({ lastSeenAt: at })
      .where(and(eq(kiosks.entityId, w.entity.id), eq(kiosks.id, kioskId))),
  );
}

async function kindsOf(w: VisitsWorld, kioskId: string) {
  const rows = await withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx
      .select({ kind: kioskEvents.kind, id: kioskEvents.id })
      .from(kioskEvents)
      .where(and(eq(kioskEvents.entityId, w.entity.id), eq(kioskEvents.kioskId, kioskId))),
  );
  // In the order they were written (ids are time-ordered); a "went offline" is dated back to when it happened.
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1)).map((r) => r.kind);
}

/** The company's system admin limited to one site (and the visitors' user type), signed in. */
async function scopedAdmin(w: VisitsWorld, siteId: string) {
  const membershipId = w.people.system_admin.membershipId;
  await limitToSites(ctx.db.db, w.entity.id, membershipId, [siteId]);
  const [person] = await withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx.select({ id: people.id }).from(people).where(eq(people.membershipId, membershipId)),
  );
  await givePersonUserType(ctx.db.db, w.entity, person!.id, w.types.visitors);
  return (await signIn(ctx.app, w.people.system_admin.email, PASSWORD)).client;
}

describe('print queue', () => {
  it('lists queued prints with person, place and requester; the print dialog marks one printed', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const first = await queuedPrint(w, 'Ada');
    const second = await queuedPrint(w, 'Ben', w.areas.lobby);

    const all = await prints(w.admin);
    expect(all.count).toBe(2);
    expect(all.data.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(all.data[1]).toMatchObject({
      status: 'queued',
      visit_id: first.visitId,
      person: { id: first.personId, name: 'Ada Tester' },
      site: { id: w.sites.hq, name: 'HQ' },
      area: { id: w.areas.reception, name: 'Reception' },
      kiosk: null,
      reprint_of: null,
      printed_at: null,
    });
    expect(all.data[1]!.requested_by?.name).toMatch(/^admin\b/);

    const printed = await w.admin.post(`/badge-prints/${first.id}/printed`, {});
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json<PrintRow>()).toMatchObject({ status: 'printed' });
    expect(printed.json<PrintRow>().printed_at).not.toBeNull();
    // Marking it again changes nothing.
    const again = await w.admin.post(`/badge-prints/${first.id}/printed`, {});
    expect(again.json<PrintRow>().printed_at).toEqual(printed.json<PrintRow>().printed_at);

    // Filters: status, site, days.
    expect((await prints(w.admin, '?status=printed')).data.map((r) => r.id)).toEqual([first.id]);
    expect((await prints(w.admin, '?status=queued')).data.map((r) => r.id)).toEqual([second.id]);
    expect((await prints(w.admin, `?site_id=${w.sites.branch}`)).data.map((r) => r.id)).toEqual([second.id]);
    expect((await prints(w.admin, '?from=2020-01-01&to=2020-01-31')).count).toBe(0);
    expect((await prints(w.admin, '?search=ben')).data.map((r) => r.id)).toEqual([second.id]);
    // Keyset pages: the second page after the first's cursor.
    const page1 = await prints(w.admin, '?limit=1');
    expect(page1.data.map((r) => r.id)).toEqual([second.id]);
    const page2 = await prints(w.admin, `?limit=1&cursor=${page1.next_cursor}`);
    expect(page2.data.map((r) => r.id)).toEqual([first.id]);
    expect(page2.next_cursor).toBeNull();
  });

  it('refuses unknown filters, a bad cursor and a range past a year, naming the field', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const unknown = await w.admin.get('/reports/print-queue?colour=red');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('colour');
    const long = await w.admin.get('/reports/print-queue?from=2024-01-01&to=2025-06-01');
    expect(long.statusCode).toBe(400);
    expect(long.json<{ fields: Record<string, string[]> }>().fields.to).toBeDefined();
    const cursor = await w.admin.get('/reports/print-queue?cursor=nonsense');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json<{ fields: Record<string, string[]> }>().fields.cursor).toBeDefined();
    const kind = await w.admin.get('/reports/kiosk-logs?kind=exploded');
    expect(kind.statusCode).toBe(400);
    expect(kind.json<{ fields: Record<string, string[]> }>().fields.kind).toBeDefined();
  });

  it('cancels a queued print, audited; a printed or cancelled one is refused with the reason', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const queued = await queuedPrint(w, 'Cara');
    const done = await queuedPrint(w, 'Dan');
    await w.admin.post(`/badge-prints/${done.id}/printed`, {});

    const cancelled = await w.admin.post(`/badge-prints/${queued.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<PrintRow>().status).toBe('cancelled');
    expect((await storedPrint(w, queued.id)).status).toBe('cancelled');

    const twice = await w.admin.post(`/badge-prints/${queued.id}/cancel`, {});
    expect(twice.statusCode).toBe(422);
    expect(twice.json<{ fields: Record<string, string[]> }>().fields.id).toEqual(['This print is already cancelled.']);
    const printed = await w.admin.post(`/badge-prints/${done.id}/cancel`, {});
    expect(printed.statusCode).toBe(422);
    expect(printed.json<{ message: string }>().message).toContain('already been printed');
    expect((await storedPrint(w, done.id)).status).toBe('printed');
    // A cancelled print cannot be marked printed.
    expect((await w.admin.post(`/badge-prints/${queued.id}/printed`, {})).statusCode).toBe(422);

    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, queued.id))),
    );
    expect(audit.map((a) => a.action)).toEqual(['badge_print.cancel']);
  });

  it('reprints exactly the badge first printed as a new queued print, leaving the original as it was', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const original = await queuedPrint(w, 'Eve');
    await w.admin.post(`/badge-prints/${original.id}/printed`, {});
    const before = await storedPrint(w, original.id);

    const res = await w.admin.post(`/badge-prints/${original.id}/reprint`, {});
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<PrintRow>();
    expect(copy).toMatchObject({ status: 'queued', reprint_of: original.id, visit_id: original.visitId });
    expect(copy.id).not.toBe(original.id);

    const stored = await storedPrint(w, copy.id);
    expect(stored.badge).toEqual(before.badge);
    expect(await storedPrint(w, original.id)).toEqual(before);
    expect((await prints(w.admin)).data.map((r) => r.id)).toEqual([copy.id, original.id]);

    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ action: auditLog.action, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, copy.id))),
    );
    expect(audit).toEqual([
      { action: 'badge_print.reprint', after: { reprint_of: original.id, visit_id: original.visitId } },
    ]);
  });

  it('lets an employee with reporting read the queue but neither cancel nor reprint', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const print = await queuedPrint(w, 'Fay');
    const { client: reader } = await signIn(ctx.app, w.people.employee_reporting.email, PASSWORD);
    expect((await prints(reader)).data.map((r) => r.id)).toEqual([print.id]);
    expect((await reader.post(`/badge-prints/${print.id}/cancel`, {})).statusCode).toBe(403);
    expect((await reader.post(`/badge-prints/${print.id}/reprint`, {})).statusCode).toBe(403);
    expect((await storedPrint(w, print.id)).status).toBe('queued');
    expect((await prints(w.admin)).count).toBe(1);
  });

  it('shows an admin of some sites only their prints, and refuses changes to the others', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const hq = await queuedPrint(w, 'Gus');
    const branch = await queuedPrint(w, 'Hal', w.areas.lobby);
    const scoped = await scopedAdmin(w, w.sites.branch);
    expect((await prints(scoped)).data.map((r) => r.id)).toEqual([branch.id]);
    expect((await scoped.post(`/badge-prints/${hq.id}/cancel`, {})).statusCode).toBe(404);
    expect((await scoped.post(`/badge-prints/${hq.id}/reprint`, {})).statusCode).toBe(404);
    expect((await scoped.post(`/badge-prints/${branch.id}/cancel`, {})).statusCode).toBe(200);
  });

  it('keeps another company out: it can neither list, cancel, reprint nor mark printed', async () => {
    const a = await visitsWorld(ctx.app, ctx.db.db);
    const b = await visitsWorld(ctx.app, ctx.db.db);
    const print = await queuedPrint(a, 'Ivy');
    expect((await prints(b.admin)).count).toBe(0);
    for (const action of ['cancel', 'reprint', 'printed']) {
      expect((await b.admin.post(`/badge-prints/${print.id}/${action}`, {})).statusCode).toBe(404);
    }
    expect(await storedPrint(a, print.id)).toMatchObject({ status: 'queued' });
    expect((await prints(a.admin)).count).toBe(1);
  });
});

describe('kiosk logs', () => {
  it('records pairing, settings, moves, renames, sign-ins and version changes once each', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w, w.areas.reception);
    expect(await kindsOf(w, kiosk.id)).toEqual(['added', 'came_online']);

    // Heartbeats that change nothing write nothing; a new app version is written.
    expect((await kiosk.heartbeat('3.1.0')).statusCode).toBe(200);
    expect((await kiosk.heartbeat()).statusCode).toBe(200);
    expect(await kindsOf(w, kiosk.id)).toEqual(['added', 'came_online']);
    expect((await kiosk.heartbeat('3.2.0')).statusCode).toBe(200);

    const settings = await w.admin.put(`/kiosks/${kiosk.id}/settings`, { sign_mode: 'sign_in_only', volume: 30 });
    expect(settings.statusCode, settings.body).toBe(200);
    const moved = await w.admin.put(`/kiosks/${kiosk.id}/area`, { area_id: w.areas.warehouse });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await w.admin.put(`/kiosks/${kiosk.id}/name`, { name: 'Gate kiosk' })).statusCode).toBe(200);

    const ada = await w.person('Ada');
    const arrived = await kiosk.signIn({ people: [{ person_id: ada.id }] });
    expect(arrived.statusCode, arrived.body).toBe(201);
    const visitId = arrived.json<{ data: { id: string }[] }>().data[0]!.id;

    const list = await logs(w.admin);
    const byKind = Object.fromEntries(list.data.map((r) => [r.kind, r]));
    expect(list.data.map((r) => r.kind)).toEqual([
      'signed_in',
      'renamed',
      'moved',
      'settings_changed',
      'app_version_changed',
      'came_online',
      'added',
    ]);
    expect(byKind.app_version_changed!.detail).toEqual({ from_version: '3.1.0', to_version: '3.2.0' });
    const changes = byKind.settings_changed!.detail.changes as { setting: string; from: unknown; to: unknown }[];
    expect(changes).toContainEqual({ setting: 'sign_mode', from: 'sign_in_sign_out', to: 'sign_in_only' });
    expect(changes).toContainEqual({ setting: 'volume', from: expect.anything(), to: 30 });
    expect(byKind.moved!.detail).toEqual({
      from_area: { id: w.areas.reception, name: 'Reception' },
      to_area: { id: w.areas.warehouse, name: 'Warehouse' },
    });
    expect(byKind.renamed!.detail).toEqual({ from_name: 'Front kiosk', to_name: 'Gate kiosk' });
    expect(byKind.signed_in).toMatchObject({
      person: { id: ada.id, name: 'Ada Tester' },
      visit_id: visitId,
      area: { id: w.areas.warehouse, name: 'Warehouse' },
      site: { id: w.sites.hq, name: 'HQ' },
      kiosk: { id: kiosk.id, name: 'Gate kiosk' },
    });

    // Filters: kind, kiosk, site, days; the log outlives a deregistered kiosk.
    expect((await logs(w.admin, '?kind=moved')).data.map((r) => r.kind)).toEqual(['moved']);
    expect((await logs(w.admin, `?kiosk_id=${kiosk.id}`)).count).toBe(7);
    expect((await logs(w.admin, `?site_id=${w.sites.branch}`)).count).toBe(0);
    expect((await logs(w.admin, '?from=2020-01-01&to=2020-01-02')).count).toBe(0);
    expect((await logs(w.admin, '?search=ada')).data.map((r) => r.kind)).toEqual(['signed_in']);
    expect((await w.admin.delete(`/kiosks/${kiosk.id}`)).statusCode).toBeLessThan(300);
    const after = await logs(w.admin);
    expect(after.data[0]).toMatchObject({ kind: 'deregistered', kiosk: { id: kiosk.id, name: 'Gate kiosk' } });
    expect(after.data.every((r) => !r.kiosk_registered)).toBe(true);
    expect(after.count).toBe(8);
  });

  it('writes going offline once per silence (by the sweep or the next heartbeat) and coming back', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w, w.areas.reception);
    const now = Date.now();
    const lastSeen = new Date(now - 10 * 60_000);
    await setLastSeen(w, kiosk.id, lastSeen);

    // Before the window runs out nothing happens; after it, one event, dated when it ran out.
    await sweepOfflineKiosks(ctx.app, new Date(lastSeen.getTime() + 60_000));
    expect(await kindsOf(w, kiosk.id)).toEqual(['added', 'came_online']);
    const swept = await sweepOfflineKiosks(ctx.app, new Date(now));
    expect(swept.get(w.entity.id)).toEqual([kiosk.id]);
    await sweepOfflineKiosks(ctx.app, new Date(now + 60_000));
    expect(await kindsOf(w, kiosk.id)).toEqual(['added', 'came_online', 'went_offline']);
    const offline = (await logs(w.admin, '?kind=went_offline')).data[0]!;
    expect(offline.at.at).toBe(new Date(lastSeen.getTime() + 2 * 60_000).toISOString());
    expect(offline.detail).toEqual({ last_seen_at: lastSeen.toISOString() });

    expect((await kiosk.heartbeat()).statusCode).toBe(200);
    expect(await kindsOf(w, kiosk.id)).toEqual(['added', 'came_online', 'went_offline', 'came_online']);

    // Silent again with no sweep running: the next heartbeat writes both, in order.
    await setLastSeen(w, kiosk.id, new Date(Date.now() - 5 * 60_000));
    expect((await kiosk.heartbeat()).statusCode).toBe(200);
    expect(await kindsOf(w, kiosk.id)).toEqual([
      'added',
      'came_online',
      'went_offline',
      'came_online',
      'went_offline',
      'came_online',
    ]);
  });

  it('shows an admin of some sites only the events there; another company sees none', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const hq = await pairKiosk(w, w.areas.reception, 'HQ kiosk');
    const branch = await pairKiosk(w, w.areas.lobby, 'Branch kiosk');
    const scoped = await scopedAdmin(w, w.sites.branch);
    const seen = await logs(scoped);
    expect(new Set(seen.data.map((r) => r.kiosk.id))).toEqual(new Set([branch.id]));
    expect((await logs(scoped, `?kiosk_id=${hq.id}`)).count).toBe(0);

    // The filters offer the reader's sites and kiosks only.
    const options = await scoped.get('/reports/devices/options');
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toEqual({
      sites: [{ id: w.sites.branch, name: 'Branch' }],
      kiosks: [{ id: branch.id, name: 'Branch kiosk', site_id: w.sites.branch }],
    });

    const other = await visitsWorld(ctx.app, ctx.db.db);
    expect((await logs(other.admin)).count).toBe(0);
    expect((await logs(other.admin, `?kiosk_id=${hq.id}`)).count).toBe(0);
    const { client: reader } = await signIn(ctx.app, w.people.employee_reporting.email, PASSWORD);
    expect((await logs(reader)).count).toBe(4);
  });
});
