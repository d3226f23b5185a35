// The fold of past days' slots in the visit summary's aggregates (decision 038): once a day is over,
// its slot rows become one row per site, area and user type; late sign-outs, edits, deletions and
// erasure of its visits then change that row, and a fold running while visits change loses nothing.
// Each step is checked against the full computation over the visits and against a rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { dayRange } from '@app/shared/visits/rules';
import { withTenant } from '../src/db/client';
import { visits } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { anonymousPerson, erasePeople } from '../src/modules/privacy/erasure.repository';
import type { SummaryWhere } from '../src/modules/reports/visit-summary/visit-summary.repository';
import { foldPastDays } from '../src/modules/reports/visit-summary/visit-summary.jobs';
import { assembleSummary, readSummaryGroups } from '../src/modules/reports/visit-summary/visit-summary.service';
import { addMode, addReason } from './helpers/attendance-factories';
import { createTestApp, type TestContext } from './helpers/test-app';
import { aggregatesByKey, brokenAggregateRows, slotsOf } from './helpers/visit-stats';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ZONE = 'Asia/Kolkata';
const DAYS = ['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'];
const TODAY = '2026-12-02';
/** An instant on a day of DAYS on the company's clock (+05:30). */
const at = (day: number, hour: number, minute: number) =>
  new Date(`${DAYS[day]}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:30`);

type Row = typeof visits.$inferInsert;

async function setUp() {
  const w: VisitsWorld = await visitsWorld(ctx.app, ctx.db.db, { timezone: ZONE });
  const mode = await addMode(w.admin, [w.sites.hq, w.sites.branch]);
  const late = await addReason(w.admin, mode.id, 'Traffic', 'late_sign_in', '09:00', 60);
  const entityId = w.entity.id;
  const tenant = <T>(run: Parameters<typeof withTenant<T>>[2]) => withTenant(ctx.db.db, entityId, run);
  const people: string[] = [];
  for (let i = 0; i < 3; i++) people.push((await w.person(`F${i}`, w.types.visitors)).id);
  const visit = (person: number, day: number, i: number, state: string): Row => {
    const signedInAt = at(day, 8 + (i % 10), (i * 7) % 60);
    const arrived = state !== 'expected';
    return {
      entityId,
      id: newId(),
      personId: people[person]!,
      siteId: w.sites.hq,
      areaId: w.areas.reception,
      userTypeId: w.types.visitors,
      loginMode: 'signIn_signOut',
      state,
      signedInAt: arrived ? signedInAt : null,
      signedOutAt: state === 'left' ? new Date(signedInAt.getTime() + (30 + i * 11) * 60_000) : null,
      expectedAt: arrived ? null : signedInAt,
      lateReasonId: arrived && i % 3 === 0 ? late.id : null,
    };
  };
  /** The summary of DAYS from the aggregates as from the visits, the kept rows as a rebuild makes them. */
  const expectConsistent = async () => {
    const from = DAYS[0]!;
    const to = DAYS[DAYS.length - 1]!;
    const { start, end } = dayRange(from, to, ZONE);
    const where: SummaryWhere = {
      entityId,
      from,
      to,
      start,
      end,
      timezone: ZONE,
      scope: undefined,
      scopeSiteIds: null,
      scopeUserTypeIds: null,
    };
    const [fromStats, full] = await tenant(async (tx) => [
      await readSummaryGroups(tx, where, TODAY),
      await readSummaryGroups(tx, where, TODAY, 'visits'),
    ]);
    expect(assembleSummary({ from, to }, where, fromStats)).toEqual(assembleSummary({ from, to }, where, full));
    expect(await brokenAggregateRows(ctx.db.db, entityId)).toBe(0);
    const kept = await aggregatesByKey(ctx.db.db, entityId);
    await ctx.db.db.execute(sql`select visit_stats_rebuild(${entityId}::uuid)`);
    expect(kept).toEqual(await aggregatesByKey(ctx.db.db, entityId));
  };
  const update = (id: string, values: Partial<Row>) =>
    tenant((tx) =>
      tx
        .update(visits)
        .set(values)
        .where(and(eq(visits.entityId, entityId), eq(visits.id, id))),
    );
  return { w, entityId, tenant, people, visit, late, expectConsistent, update };
}

describe("the fold of the visit summary's past days", () => {
  it('takes late sign-outs, edits, deletions and erasure of a folded day as of a day in slots', async () => {
    const { w, entityId, tenant, people, visit, late, expectConsistent, update } = await setUp();
    const day = DAYS[1]!;
    const states = ['on_site', 'on_site', 'left', 'left', 'left', 'left', 'left', 'left', 'checked_in', 'expected'];
    const rows = states.map((state, i) => visit(i % 3, 1, i, state));
    await tenant((tx) => tx.insert(visits).values(rows));
    // Ten visits' ids spread them over several slots.
    expect((await slotsOf(ctx.db.db, entityId, day)).every((s) => s >= 0)).toBe(true);
    expect((await slotsOf(ctx.db.db, entityId, day)).length).toBeGreaterThan(1);
    await expectConsistent();
    // The rebuild made the past day one folded row; the triggers made slots again.
    await tenant((tx) => tx.delete(visits).where(eq(visits.entityId, entityId)));
    await tenant((tx) => tx.insert(visits).values(rows));
    expect(await foldPastDays(ctx.app, entityId)).toBe(1);
    expect(await slotsOf(ctx.db.db, entityId, day)).toEqual([-1]);
    expect(await foldPastDays(ctx.app, entityId)).toBe(0);

    // A late sign-out, days later.
    await update(rows[0]!.id, { state: 'left', signedOutAt: at(4, 10, 0) });
    expect(await slotsOf(ctx.db.db, entityId, day)).toEqual([-1]);
    await expectConsistent();
    // An edit of the reason and of the stay.
    await update(rows[2]!.id, { lateReasonId: rows[2]!.lateReasonId ? null : late.id, signedOutAt: at(1, 23, 59) });
    await expectConsistent();
    // An edit into another area of that day: a key without a folded row takes a slot, folded next time.
    expect(await slotsOf(ctx.db.db, entityId, day)).toEqual([-1]);
    await update(rows[3]!.id, { areaId: w.areas.warehouse });
    await update(rows[4]!.id, { areaId: w.areas.dock, userTypeId: w.types.staff });
    const slots = await slotsOf(ctx.db.db, entityId, day);
    expect(slots[0]).toBe(-1);
    expect(slots.length).toBeGreaterThan(1);
    await expect(brokenAggregateRows(ctx.db.db, entityId)).resolves.toBe(0);
    expect(await foldPastDays(ctx.app, entityId)).toBe(1);
    expect(await slotsOf(ctx.db.db, entityId, day)).toEqual([-1]);
    await expectConsistent();
    // Moved to another day, and back.
    await update(rows[5]!.id, { signedInAt: at(2, 9, 0), signedOutAt: at(2, 17, 0) });
    await update(rows[5]!.id, { signedInAt: at(1, 9, 0), signedOutAt: at(1, 17, 0) });
    await expectConsistent();
    // An expected visit that arrives at last, and a deletion.
    await update(rows[9]!.id, { state: 'left', signedInAt: at(1, 12, 0), signedOutAt: at(1, 13, 0) });
    await tenant((tx) => tx.delete(visits).where(and(eq(visits.entityId, entityId), eq(visits.id, rows[6]!.id))));
    await expectConsistent();
    // Erasure: the person's visits point at the anonymous record.
    await tenant(async (tx) => {
      await erasePeople(tx, entityId, await anonymousPerson(tx, entityId), [people[1]!]);
    });
    await expectConsistent();
    // Every visit gone: so is the folded row.
    await tenant((tx) => tx.delete(visits).where(eq(visits.entityId, entityId)));
    expect(await slotsOf(ctx.db.db, entityId, day)).toEqual([]);
  }, 120_000);

  it('loses nothing when it folds while visits change', async () => {
    const { w, entityId, tenant, visit, expectConsistent, update } = await setUp();
    const rows = Array.from({ length: 60 }, (_, i) =>
      visit(i % 3, i % DAYS.length, i, i % 4 === 0 ? 'on_site' : i % 9 === 0 ? 'expected' : 'left'),
    );
    await tenant((tx) => tx.insert(visits).values(rows));
    // Sign-outs, moves into one area (never two moves in opposite directions, which can deadlock on
    // their rows whatever the fold does) and deletions, with folds among them, all at once.
    const changes = rows.map((row, i) => {
      if (i % 4 === 0) return () => update(row.id, { state: 'left', signedOutAt: at(4, 23, i % 60) });
      if (i % 4 === 1) return () => update(row.id, { areaId: w.areas.warehouse });
      if (i % 4 === 2) return async () => foldPastDays(ctx.app, entityId);
      return () => tenant((tx) => tx.delete(visits).where(and(eq(visits.entityId, entityId), eq(visits.id, row.id))));
    });
    await Promise.all(changes.map((change) => change()));
    await foldPastDays(ctx.app, entityId);
    for (const day of DAYS) expect(await slotsOf(ctx.db.db, entityId, day)).toEqual([-1]);
    await expectConsistent();
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'leaves a day a writer holds for its next run',
    async () => {
      const { entityId, tenant, visit, expectConsistent } = await setUp();
      const rows = [visit(0, 1, 0, 'on_site'), visit(1, 1, 1, 'left'), visit(2, 2, 2, 'left')];
      await tenant((tx) => tx.insert(visits).values(rows));
      await tenant(async (tx) => {
        await tx
          .update(visits)
          .set({ state: 'left', signedOutAt: at(3, 8, 0) })
          .where(and(eq(visits.entityId, entityId), eq(visits.id, rows[0]!.id)));
        // The sign-out's transaction holds its day: the fold, on another connection, folds the other one.
        expect(await foldPastDays(ctx.app, entityId)).toBe(1);
        expect((await slotsOf(ctx.db.db, entityId, DAYS[1]!)).every((s) => s >= 0)).toBe(true);
        expect(await slotsOf(ctx.db.db, entityId, DAYS[2]!)).toEqual([-1]);
      });
      expect(await foldPastDays(ctx.app, entityId)).toBe(1);
      expect(await slotsOf(ctx.db.db, entityId, DAYS[1]!)).toEqual([-1]);
      await expectConsistent();
    },
    60_000,
  );
});
