import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { areas, auditLog } from '../src/db/schema/index';
import { autoSignOutVisits } from '../src/modules/visits/visits.jobs';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, readVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { watchLiveEvents } from './helpers/live-events';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function setMode(w: VisitsWorld, areaId: string, mode: 'after_24h' | 'midnight') {
  await withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx
      .update(areas)
      .set({ autoSignOut: mode })
      .where(and(eq(areas.entityId, w.entity.id), eq(areas.id, areaId))),
  );
}

async function onSiteSince(w: VisitsWorld, areaId: string, signedInAt: string) {
  const p = await w.person(`P${Math.random().toString(36).slice(2, 7)}`);
  const siteId = areaId === w.areas.lobby ? w.sites.branch : w.sites.hq;
  return insertVisit(ctx.db.db, w.entity, {
    personId: p.id,
    siteId,
    areaId,
    state: 'on_site',
    signedInAt: new Date(signedInAt),
  });
}

const sweep = (w: VisitsWorld, now: string) =>
  autoSignOutVisits(ctx.app, { now: new Date(now), entityId: w.entity.id });

describe('auto sign-out', () => {
  it('signs out after_24h areas 24 hours after sign-in, recording that moment', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    const v = await onSiteSince(w, w.areas.reception, '2026-03-07T08:00:00Z');
    expect(await sweep(w, '2026-03-08T07:59:59Z')).toEqual([]);
    const emit = watchLiveEvents(ctx.app);
    // The sweep ran late: the departure is still 24 hours after the arrival.
    const done = await sweep(w, '2026-03-08T09:30:00Z');
    expect(done).toEqual([
      { entityId: w.entity.id, visitId: v.id, signedOutAt: new Date('2026-03-08T08:00:00Z'), source: 'auto_24h' },
    ]);
    expect(await readVisit(ctx.db.db, w.entity, v.id)).toMatchObject({
      state: 'left',
      signOutSource: 'auto_24h',
      signedOutAt: new Date('2026-03-08T08:00:00Z'),
    });
    expect(await emit.visitIds(w.entity.id)).toContainEqual({
      action: 'signed_out',
      visit_ids: [v.id],
      area_ids: [w.areas.reception],
    });
    emit.restore();
    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ action: auditLog.action, actorKind: auditLog.actorKind })
        .from(auditLog)
        .where(eq(auditLog.targetId, v.id)),
    );
    expect(audit).toEqual([{ action: 'visit.signed_out', actorKind: 'client' }]);
    // Idempotent: a second run changes nothing.
    expect(await sweep(w, '2026-03-08T10:00:00Z')).toEqual([]);
  });

  it("signs out midnight areas at the first midnight on the company's clock (Dubai, UTC+4)", async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'Asia/Dubai' });
    await setMode(w, w.areas.reception, 'midnight');
    // 19:30 UTC = 23:30 Dubai: half an hour before midnight there (20:00 UTC), though UTC's is 4.5 hours away.
    const late = await onSiteSince(w, w.areas.reception, '2026-03-07T19:30:00Z');
    // 20:30 UTC = 00:30 Dubai on the 8th: stays until the next midnight (20:00 UTC on the 8th).
    const early = await onSiteSince(w, w.areas.reception, '2026-03-07T20:30:00Z');
    expect(await sweep(w, '2026-03-07T19:59:59Z')).toEqual([]);
    const first = await sweep(w, '2026-03-07T20:00:00Z');
    expect(first.map((d) => [d.visitId, d.signedOutAt.toISOString(), d.source])).toEqual([
      [late.id, '2026-03-07T20:00:00.000Z', 'auto_midnight'],
    ]);
    expect((await readVisit(ctx.db.db, w.entity, early.id)).state).toBe('on_site');
    const second = await sweep(w, '2026-03-08T21:00:00Z');
    expect(second.map((d) => [d.visitId, d.signedOutAt.toISOString()])).toEqual([
      [early.id, '2026-03-08T20:00:00.000Z'],
    ]);
  });

  it('reads midnight in New York across the night clocks go forward, and leaves other companies alone', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'America/New_York' });
    const other = await visitsWorld(ctx.app, ctx.db.db, { timezone: 'America/New_York' });
    await setMode(w, w.areas.reception, 'midnight');
    await setMode(other, other.areas.reception, 'midnight');
    // 22:00 EST on Saturday 7 March 2026 (03:00 UTC on the 8th); clocks go forward at 02:00 on the 8th.
    const v = await onSiteSince(w, w.areas.reception, '2026-03-08T03:00:00Z');
    const theirs = await onSiteSince(other, other.areas.reception, '2026-03-08T03:00:00Z');
    // Midnight of the 8th in New York is 05:00 UTC (still EST).
    expect(await sweep(w, '2026-03-08T04:59:00Z')).toEqual([]);
    const done = await sweep(w, '2026-03-08T12:00:00Z');
    expect(done.map((d) => d.signedOutAt.toISOString())).toEqual(['2026-03-08T05:00:00.000Z']);
    expect((await readVisit(ctx.db.db, w.entity, v.id)).signOutSource).toBe('auto_midnight');
    expect((await readVisit(ctx.db.db, other.entity, theirs.id)).state).toBe('on_site');

    // A sign-in on the short day (EDT from 03:00) leaves at midnight EDT: 04:00 UTC on the 9th.
    const short = await onSiteSince(w, w.areas.reception, '2026-03-08T15:00:00Z');
    expect(await sweep(w, '2026-03-09T03:59:59Z')).toEqual([]);
    expect((await sweep(w, '2026-03-09T04:00:00Z')).map((d) => [d.visitId, d.signedOutAt.toISOString()])).toEqual([
      [short.id, '2026-03-09T04:00:00.000Z'],
    ]);
    // Without a company, every company's due visits go.
    const all = await autoSignOutVisits(ctx.app, { now: new Date('2026-03-10T00:00:00Z') });
    expect(all.map((d) => d.visitId)).toContain(theirs.id);
  });

  it('leaves checked-in and expected visits alone, and visits already signed out', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const p = await w.person('Stay');
    const checkedIn = await insertVisit(ctx.db.db, w.entity, {
      personId: p.id,
      siteId: w.sites.hq,
      areaId: w.areas.dock,
      state: 'checked_in',
      loginMode: 'checkIn_only',
      signedInAt: new Date('2026-01-01T08:00:00Z'),
    });
    const left = await insertVisit(ctx.db.db, w.entity, {
      personId: p.id,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      state: 'left',
      signedInAt: new Date('2026-01-01T08:00:00Z'),
      signedOutAt: new Date('2026-01-01T09:00:00Z'),
    });
    const on = await onSiteSince(w, w.areas.reception, '2026-01-01T08:00:00Z');
    const done = await sweep(w, '2026-01-05T00:00:00Z');
    expect(done.map((d) => d.visitId)).toEqual([on.id]);
    expect((await readVisit(ctx.db.db, w.entity, checkedIn.id)).state).toBe('checked_in');
    expect((await readVisit(ctx.db.db, w.entity, left.id)).signedOutAt).toEqual(new Date('2026-01-01T09:00:00Z'));
  });
});
