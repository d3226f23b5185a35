// The visit summary's per-company-day aggregates (decision 038) against the full computation over the
// visits, on random data: arrivals across midnight in zones with odd offsets and daylight saving, late
// sign-outs, edits, moves, deletions, a change of the company's time zone, privacy erasure and folds of
// past days' slots, each written as the app writes them (in tenant transactions as the app's role).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import type { VisitSummaryQuery } from '@app/shared/reports/visit-summary';
import { withTenant } from '../src/db/client';
import { visits } from '../src/db/schema/index';
import { anonymousPerson, erasePeople } from '../src/modules/privacy/erasure.repository';
import { foldPastDays } from '../src/modules/reports/visit-summary/visit-summary.jobs';
import { statsZone } from '../src/modules/reports/visit-summary/visit-summary.stats';
import {
  assembleSummary,
  readSummaryGroups,
  type summaryWhere,
} from '../src/modules/reports/visit-summary/visit-summary.service';
import type { SummaryWhere } from '../src/modules/reports/visit-summary/visit-summary.repository';
import { dayRange } from '@app/shared/visits/rules';
import { newId } from '../src/lib/ids';
import { addMode, addReason } from './helpers/attendance-factories';
import { createTestApp, type TestContext } from './helpers/test-app';
import { aggregatesByKey, brokenAggregateRows } from './helpers/visit-stats';
import { setTimezone, visitsWorld, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ZONES = ['UTC', 'Asia/Dubai', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Europe/London'];
/** Ten days around the spring change of clocks in New York (8 March 2026) and London (29 March). */
const FIRST = Date.parse('2026-03-04T00:00:00Z');
const SPAN_MINUTES = 10 * 24 * 60;
const DAYS = Array.from({ length: 12 }, (_, i) => new Date(FIRST + (i - 1) * 86_400_000).toISOString().slice(0, 10));

const visitArb = fc.record({
  person: fc.nat(3),
  place: fc.nat(3),
  type: fc.nat(2),
  state: fc.constantFrom('left', 'left', 'left', 'on_site', 'checked_in', 'expected', 'cancelled'),
  at: fc.nat(SPAN_MINUTES),
  seconds: fc.nat(59),
  stay: fc.nat(3 * 24 * 60),
  late: fc.boolean(),
  early: fc.boolean(),
});
const opArb = fc.record({
  kind: fc.constantFrom('sign_out_late', 'edit', 'move', 'delete', 'person', 'fold'),
  visit: fc.nat(40),
  value: fc.nat(SPAN_MINUTES),
});
const filterArb = fc.record({
  from: fc.nat(DAYS.length - 1),
  length: fc.nat(DAYS.length - 1),
  today: fc.nat(DAYS.length - 1),
  site: fc.option(fc.nat(1)),
  area: fc.option(fc.nat(3)),
  type: fc.option(fc.nat(1)),
  scopeSites: fc.option(fc.nat(1)),
  scopeTypes: fc.option(fc.nat(1)),
});

describe("the visit summary's aggregates", () => {
  it('answer as the full computation over the visits, whatever was written', async () => {
    const w: VisitsWorld = await visitsWorld(ctx.app, ctx.db.db);
    const mode = await addMode(w.admin, [w.sites.hq, w.sites.branch]);
    const late = await addReason(w.admin, mode.id, 'Traffic', 'late_sign_in', '09:00', 60);
    const early = await addReason(w.admin, mode.id, 'Doctor', 'early_sign_out', '14:00', 60);
    const places = [
      { siteId: w.sites.hq, areaId: w.areas.reception },
      { siteId: w.sites.hq, areaId: w.areas.warehouse },
      { siteId: w.sites.hq, areaId: w.areas.dock },
      { siteId: w.sites.branch, areaId: w.areas.lobby },
    ];
    const types = [w.types.visitors, w.types.staff, null];
    const entityId = w.entity.id;
    const tenant = <T>(run: Parameters<typeof withTenant<T>>[2]) => withTenant(ctx.db.db, entityId, run);

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ZONES),
        fc.array(visitArb, { minLength: 1, maxLength: 40 }),
        fc.array(opArb, { maxLength: 25 }),
        fc.array(filterArb, { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        async (zone, laterZone, rows, ops, filters, erase) => {
          await tenant((tx) => tx.delete(visits).where(eq(visits.entityId, entityId)));
          await setTimezone(ctx.db.db, entityId, zone);
          const people: string[] = [];
          for (let i = 0; i < 4; i++) people.push((await w.person(`P${i}`, types[i % 2]!)).id);
          const written = rows.map((r) => {
            const place = places[r.place]!;
            const at = new Date(FIRST + r.at * 60_000 + r.seconds * 1000);
            const arrived = r.state !== 'expected' && r.state !== 'cancelled';
            return {
              entityId,
              id: newId(),
              personId: people[r.person]!,
              ...place,
              userTypeId: types[r.type]!,
              loginMode: r.place === 2 ? 'checkIn_only' : 'signIn_signOut',
              state: r.state,
              signedInAt: arrived ? at : null,
              signedOutAt: r.state === 'left' ? new Date(at.getTime() + r.stay * 60_000 + r.seconds * 17) : null,
              expectedAt: arrived ? null : at,
              lateReasonId: arrived && r.late ? late.id : null,
              earlyReasonId: r.state === 'left' && r.early ? early.id : null,
            };
          });
          await tenant((tx) => tx.insert(visits).values(written));
          // The company moves to another clock: its aggregates are built again, then kept from there.
          if (laterZone !== zone) await setTimezone(ctx.db.db, entityId, laterZone);
          for (const op of ops) {
            // The days are all past: the job folds their slots, and later changes find a folded row.
            if (op.kind === 'fold') {
              await foldPastDays(ctx.app, entityId);
              continue;
            }
            const target = written[op.visit % written.length]!;
            const where = and(eq(visits.entityId, entityId), eq(visits.id, target.id));
            await tenant(async (tx) => {
              if (op.kind === 'sign_out_late') {
                // Signed out days later, or an expected visit that arrives at last.
                const signedInAt = target.signedInAt ?? target.expectedAt!;
                await tx
                  .update(visits)
                  .set({ state: 'left', signedInAt, signedOutAt: new Date(signedInAt.getTime() + op.value * 60_000) })
                  .where(where);
              } else if (op.kind === 'edit') {
                const place = places[op.value % 4]!;
                await tx
                  .update(visits)
                  .set({ ...place, userTypeId: types[op.value % 3]!, lateReasonId: op.value % 2 ? late.id : null })
                  .where(where);
              } else if (op.kind === 'move') {
                await tx
                  .update(visits)
                  .set({
                    signedInAt: sql`case when ${visits.signedInAt} is null then null else ${new Date(FIRST + op.value * 60_000).toISOString()}::timestamptz end`,
                  }) // prettier-ignore
                  .where(and(where, sql`${visits.signedOutAt} is null`));
              } else if (op.kind === 'delete') {
                await tx.delete(visits).where(where);
              } else {
                await tx
                  .update(visits)
                  .set({ personId: people[op.value % people.length]! })
                  .where(where);
              }
            });
          }
          if (erase) {
            await tenant(async (tx) => {
              await erasePeople(tx, entityId, await anonymousPerson(tx, entityId), people.slice(0, 2));
            });
          }

          const timezone = laterZone;
          expect(await tenant((tx) => statsZone(tx, entityId))).toBe(timezone);
          for (const f of filters) {
            const from = DAYS[f.from]!;
            const to = DAYS[Math.min(DAYS.length - 1, f.from + f.length)]!;
            const q: VisitSummaryQuery = {
              from,
              to,
              site_id: f.site === null ? undefined : [w.sites.hq, w.sites.branch][f.site],
              area_id: f.area === null ? undefined : places[f.area]!.areaId,
              user_type_id: f.type === null ? undefined : types[f.type]!,
            };
            const { start, end } = dayRange(from, to, timezone);
            const scopeSiteIds = f.scopeSites === null ? null : [[w.sites.hq], [w.sites.branch]][f.scopeSites]!;
            const scopeUserTypeIds = f.scopeTypes === null ? null : [[w.types.visitors], []][f.scopeTypes]!;
            const where: SummaryWhere = {
              entityId,
              from,
              to,
              start,
              end,
              timezone,
              scope: and(
                scopeSiteIds === null ? undefined : scopeSiteIds.length ? sql`${visits.siteId} = any(${`{${scopeSiteIds.join(',')}}`}::uuid[])` : sql`false`, // prettier-ignore
                scopeUserTypeIds === null ? undefined : scopeUserTypeIds.length ? sql`${visits.userTypeId} = any(${`{${scopeUserTypeIds.join(',')}}`}::uuid[])` : sql`false`, // prettier-ignore
              ),
              scopeSiteIds,
              scopeUserTypeIds,
              siteId: q.site_id,
              areaId: q.area_id,
              userTypeId: q.user_type_id,
            } satisfies ReturnType<typeof summaryWhere>;
            const today = DAYS[f.today]!;
            const [fromStats, full] = await tenant(async (tx) => [
              await readSummaryGroups(tx, where, today),
              await readSummaryGroups(tx, where, today, 'visits'),
            ]);
            expect(assembleSummary(q, where, fromStats)).toEqual(assembleSummary(q, where, full));
          }
          // What the triggers kept is, day, site, area and user type each, what a rebuild from the visits
          // makes (the rebuild folds past days, the triggers may have kept them in slots).
          expect(await brokenAggregateRows(ctx.db.db, entityId)).toBe(0);
          const kept = await aggregatesByKey(ctx.db.db, entityId);
          await ctx.db.db.execute(sql`select visit_stats_rebuild(${entityId}::uuid)`);
          expect(kept).toEqual(await aggregatesByKey(ctx.db.db, entityId));
        },
      ),
      { numRuns: 15, seed: 38 },
    );
    // Nothing is left at zero or below: rows that reach zero go.
    expect(await brokenAggregateRows(ctx.db.db, entityId)).toBe(0);
  }, 300_000);
});
