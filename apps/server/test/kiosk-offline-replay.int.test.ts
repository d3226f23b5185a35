// Offline replay (decision 045): what a kiosk queued while offline, replayed in order with each action's
// idempotency key and the time it really happened. Duplicates, reordering and two kiosks signing the
// same person in make one visit; what the server would have refused is recorded and listed for review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog, people, visits } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { pairKiosk } from './helpers/kiosk-pairing';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { readVisit, visitsWorld, type VisitBody, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type PersonResult = { person_id: string; status: string; visit_id: string | null; review_id: string | null };
type ItemResult = {
  index: number;
  idempotency_key: string | null;
  status: string;
  people: PersonResult[];
  error: { code: string; message: string; fields?: Record<string, string[]> } | null;
};
type Replayed = { results: ItemResult[]; counts: Record<string, number> };
type Review = {
  id: string;
  action: string;
  person: { id: string | null; name: string };
  kiosk: { id: string; name: string };
  visit_id: string | null;
  occurred_at: string;
  occurred_local: string;
  reasons: { field: string; code: string; message: string }[];
  status: string;
  note: string | null;
  resolved_by: { name: string } | null;
};

const MINUTE = 60_000;
/**
 * `count` instants a minute apart, all before now and on one day (UTC, the world's clock), so the
 * "same day" rule of a merge never depends on when the test runs.
 */
function times(count: number): Date[] {
  let base = Date.now() - (count + 5) * MINUTE;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (day(base) !== day(base + count * MINUTE)) base -= (count + 5) * MINUTE;
  return Array.from({ length: count }, (_, i) => new Date(base + i * MINUTE));
}

const signInItem = (key: string, at: Date, personId: string, extra: Record<string, unknown> = {}) => ({
  kind: 'sign_in',
  idempotency_key: `queued-${key}`,
  occurred_at: at.toISOString(),
  people: [{ person_id: personId, ...extra }],
});
const signOutItem = (key: string, at: Date, personId: string) => ({
  kind: 'sign_out',
  idempotency_key: `queued-${key}`,
  occurred_at: at.toISOString(),
  person_ids: [personId],
});

async function replay(device: TestClient, items: unknown[], headers?: Record<string, string>) {
  const res = await device.post('/kiosk-device/replay', { items }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Replayed>();
}

async function visitsOf(w: VisitsWorld, personId: string) {
  return withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx
      .select()
      .from(visits)
      .where(and(eq(visits.entityId, w.entity.id), eq(visits.personId, personId))),
  );
}

async function kioskLog(w: VisitsWorld, kioskId: string) {
  const res = await w.admin.get(`/reports/kiosk-logs?kiosk_id=${kioskId}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: { kind: string; person: { id: string } | null; visit_id: string | null; at: { at: string } }[];
  }>().data;
}

const worldUtc = () => visitsWorld(ctx.app, ctx.db.db, { timezone: 'UTC' });

describe('offline replay', () => {
  it('applies a queued sign-in once, at the time it happened, however often it is sent', async () => {
    const w = await worldUtc();
    const kiosk = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    const ada = await w.person('Ada');
    const [at] = times(1);
    const item = signInItem('q-ada-1', at!, ada.id);

    // Sent twice in one replay, then the whole replay again (its answer lost), then on its own.
    const first = await replay(kiosk.device, [item, item]);
    expect(first.results.map((r) => r.status)).toEqual(['done', 'replayed']);
    const visitId = first.results[0]!.people[0]!.visit_id!;
    expect(first.results[1]!.people[0]!.visit_id).toBe(visitId);
    const again = await replay(kiosk.device, [item]);
    expect(again.results[0]).toMatchObject({ status: 'replayed', people: [{ visit_id: visitId }] });
    const single = await kiosk.device.post('/kiosk-device/sign-in', {
      people: [{ person_id: ada.id }],
      idempotency_key: 'queued-q-ada-1',
      occurred_at: at!.toISOString(),
      offline: true,
    });
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json<{ replayed: boolean; data: VisitBody[] }>()).toMatchObject({
      replayed: true,
      data: [{ id: visitId }],
    });

    const made = await visitsOf(w, ada.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ id: visitId, state: 'on_site', signInSource: 'kiosk' });
    expect(made[0]!.signedInAt!.toISOString()).toBe(at!.toISOString());
    // The logbook shows the real time.
    const logbook = await w.admin.get(`/visits/${visitId}`);
    expect(logbook.statusCode, logbook.body).toBe(200);
    expect(logbook.json<VisitBody>().signed_in?.at).toBe(at!.toISOString());
    // One kiosk log entry, dated when it happened.
    const log = (await kioskLog(w, kiosk.id)).filter((e) => e.kind === 'replayed');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ person: { id: ada.id }, visit_id: visitId, at: { at: at!.toISOString() } });
  });

  it('replays sign-outs at their time; a sign-out of someone not on site does nothing and is no error', async () => {
    const w = await worldUtc();
    const kiosk = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    const ada = await w.person('Ada');
    const bea = await w.person('Bea');
    const [t1, t2, t3] = times(3);
    const out = await replay(kiosk.device, [
      signInItem('in-1', t1!, ada.id),
      signOutItem('out-1', t2!, ada.id),
      signOutItem('out-2', t3!, bea.id),
      signOutItem('out-1', t2!, ada.id),
    ]);
    expect(out.results.map((r) => r.status)).toEqual(['done', 'done', 'already_left', 'replayed']);
    expect(out.counts).toMatchObject({ done: 2, already_left: 1, replayed: 1, refused: 0, retry: 0 });
    const [visit] = await visitsOf(w, ada.id);
    expect(visit).toMatchObject({ state: 'left', signOutSource: 'kiosk' });
    expect(visit!.signedInAt!.toISOString()).toBe(t1!.toISOString());
    expect(visit!.signedOutAt!.toISOString()).toBe(t2!.toISOString());
    expect(await visitsOf(w, bea.id)).toHaveLength(0);
  });

  it('signs out at its time a refused offline sign-out and lists it for review, once', async () => {
    const w = await worldUtc();
    const kiosk = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    const ada = await w.person('Ada');
    const [t1, t2] = times(2);
    // A reason the flow does not offer: online, the sign-out would be refused on reason_id.
    const out = { ...signOutItem('out-r', t2!, ada.id), reason_id: newId() };
    const first = await replay(kiosk.device, [signInItem('in-r', t1!, ada.id), out]);
    expect(first.results.map((r) => r.status)).toEqual(['done', 'needs_review']);
    const reviewId = first.results[1]!.people[0]!.review_id;
    expect(reviewId).not.toBeNull();
    const [visit] = await visitsOf(w, ada.id);
    expect(visit).toMatchObject({ state: 'left', signOutSource: 'kiosk' });
    expect(visit!.signedOutAt!.toISOString()).toBe(t2!.toISOString());

    const reviews = (await w.admin.get('/kiosk-reviews')).json<{ data: Review[] }>().data;
    expect(reviews.filter((r) => r.person.id === ada.id)).toEqual([
      expect.objectContaining({ id: reviewId, action: 'sign_out', visit_id: visit!.id, status: 'open' }),
    ]);
    expect(reviews.find((r) => r.id === reviewId)!.reasons.map((r) => r.field)).toEqual(['reason_id']);
    // On the company's clock (UTC here), as the logbook reads times.
    expect(reviews.find((r) => r.id === reviewId)!.occurred_local).toBe(
      t2!.toISOString().slice(0, 16).replace('T', ' '),
    );

    // Sent again (the answer was lost): the same answer, no second review.
    const again = await replay(kiosk.device, [out]);
    expect(again.results[0]).toMatchObject({ status: 'replayed', people: [{ review_id: reviewId }] });
    const after = (await w.admin.get('/kiosk-reviews')).json<{ data: Review[] }>().data;
    expect(after.filter((r) => r.person.id === ada.id)).toHaveLength(1);
  });

  it('makes one visit when two kiosks signed the same person in while offline, in either order', async () => {
    const w = await worldUtc();
    const a = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    const b = await pairKiosk(ctx.app, w.admin, w.areas.warehouse);
    const ada = await w.person('Ada');
    const bea = await w.person('Bea');
    const [t1, t2, t3] = times(3);

    // Kiosk A comes back first with the earlier sign-in; B's later one meets the same stay.
    const fromA = await replay(a.device, [signInItem('a-1', t1!, ada.id)]);
    const fromB = await replay(b.device, [signInItem('b-1', t2!, ada.id), signOutItem('b-2', t3!, ada.id)]);
    const visitId = fromA.results[0]!.people[0]!.visit_id;
    expect(fromB.results.map((r) => r.status)).toEqual(['merged', 'done']);
    expect(fromB.results[0]!.people[0]!.visit_id).toBe(visitId);
    const adas = await visitsOf(w, ada.id);
    expect(adas).toHaveLength(1);
    expect(adas[0]!.signedOutAt!.toISOString()).toBe(t3!.toISOString());

    // The other order: the later sign-in arrives first; the earlier one is the same stay.
    const late = await replay(b.device, [signInItem('b-3', t2!, bea.id)]);
    const early = await replay(a.device, [signInItem('a-3', t1!, bea.id)]);
    expect(early.results[0]).toMatchObject({
      status: 'merged',
      people: [{ visit_id: late.results[0]!.people[0]!.visit_id }],
    });
    expect(await visitsOf(w, bea.id)).toHaveLength(1);

    // Both at once: still one visit.
    const cy = await w.person('Cy');
    const both = await Promise.all([
      a.device.post('/kiosk-device/replay', { items: [signInItem('a-4', t1!, cy.id)] }),
      b.device.post('/kiosk-device/replay', { items: [signInItem('b-4', t2!, cy.id)] }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await visitsOf(w, cy.id)).toHaveLength(1);
  });

  it('never leaves open a sign-in replayed after the sign-out that followed it', async () => {
    const w = await worldUtc();
    const a = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    const b = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    const ada = await w.person('Ada');
    const bea = await w.person('Bea');
    const [t1, t2, t3] = times(3);

    // B signed Ada out at t2 and comes back first: nobody to sign out. A's sign-in at t1 then makes
    // the visit, closed at t2.
    expect((await replay(b.device, [signOutItem('b-out', t2!, ada.id)])).results[0]!.status).toBe('already_left');
    const late = await replay(a.device, [signInItem('a-in', t1!, ada.id)]);
    expect(late.results[0]!.status).toBe('done');
    const [visit] = await visitsOf(w, ada.id);
    expect(visit).toMatchObject({ id: late.results[0]!.people[0]!.visit_id, state: 'left' });
    expect(visit!.signedInAt!.toISOString()).toBe(t1!.toISOString());
    expect(visit!.signedOutAt!.toISOString()).toBe(t2!.toISOString());
    // The waiting sign-out is used once: a new sign-in after it stays open.
    await replay(a.device, [signInItem('a-in-2', t3!, ada.id)]);
    expect((await visitsOf(w, ada.id)).map((v) => v.state).sort()).toEqual(['left', 'on_site']);

    // A sign-in at a moment inside a recorded stay (online sign-in, then sign-out) is that stay.
    const stay = await w.signInOne(bea.id);
    expect((await w.admin.post('/visits/sign-out', { visit_ids: [stay.id] })).statusCode).toBe(200);
    const inside = await replay(a.device, [signInItem('a-bea', new Date(Date.now() - 1000), bea.id)]);
    expect(inside.results[0]).toMatchObject({ status: 'merged', people: [{ visit_id: stay.id }] });
    expect(await visitsOf(w, bea.id)).toHaveLength(1);
  });

  it('records a sign-in the server would refuse as accepted offline, needing review, for the admin', async () => {
    const w = await worldUtc();
    const kiosk = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    const res = await w.admin.put(`/user-types/${w.types.visitors}`, {
      name: 'Visitors',
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
      visits_need_permit: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ada = await w.person('Ada');
    const gone = await w.person('Gone');
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(people)
        .set({ status: 'archived' })
        .where(and(eq(people.entityId, w.entity.id), eq(people.id, gone.id))),
    );
    // Online, the permit rule refuses her.
    const online = await kiosk.device.post('/kiosk-device/sign-in', { people: [{ person_id: ada.id }] });
    expect(online.statusCode).toBe(422);

    const [t1, t2] = times(2);
    const out = await replay(kiosk.device, [signInItem('r-ada', t1!, ada.id), signInItem('r-gone', t2!, gone.id)]);
    expect(out.results.map((r) => r.status)).toEqual(['needs_review', 'needs_review']);
    const adaResult = out.results[0]!.people[0]!;
    expect(adaResult.visit_id).not.toBeNull();
    // The person really came in: the visit is there, at the time it happened.
    const visit = await readVisit(ctx.db.db, w.entity, adaResult.visit_id!);
    expect(visit).toMatchObject({ state: 'on_site', personId: ada.id, signInSource: 'kiosk' });
    expect(visit.signedInAt!.toISOString()).toBe(t1!.toISOString());
    // No visit for an archived person, but what happened is kept.
    expect(out.results[1]!.people[0]!.visit_id).toBeNull();
    expect(await visitsOf(w, gone.id)).toHaveLength(0);
    // Replayed again: nothing new.
    const again = await replay(kiosk.device, [signInItem('r-ada', t1!, ada.id)]);
    expect(again.results[0]!.status).toBe('replayed');

    const list = await w.admin.get('/kiosk-reviews');
    expect(list.statusCode, list.body).toBe(200);
    const reviews = list.json<{ data: Review[]; count: number }>();
    expect(reviews.count).toBe(2);
    const review = reviews.data.find((r) => r.person.id === ada.id)!;
    expect(review).toMatchObject({
      id: adaResult.review_id,
      action: 'sign_in',
      status: 'open',
      visit_id: adaResult.visit_id,
      occurred_at: t1!.toISOString(),
      kiosk: { id: kiosk.id },
      person: { name: 'Ada Tester' },
    });
    expect(review.reasons[0]!.code).toMatch(/permit/);
    expect(review.reasons[0]!.message).toMatch(/permit/i);
    const arabic = await w.admin.get('/kiosk-reviews', { 'x-lang': 'ar' });
    expect(arabic.json<{ data: Review[] }>().data.find((r) => r.id === review.id)!.reasons[0]!.message).toMatch(
      /[\u0600-\u06FF]/,
    );
    const goneReview = reviews.data.find((r) => r.person.id === gone.id)!;
    expect(goneReview.reasons[0]!.code).toBe('visit_person_archived');
    expect((await kioskLog(w, kiosk.id)).filter((e) => e.kind === 'needs_review')).toHaveLength(2);

    // Another company can neither read nor resolve it.
    const other = await worldUtc();
    expect((await other.admin.get('/kiosk-reviews')).json<{ count: number }>().count).toBe(0);
    const foreign = await other.admin.post(`/kiosk-reviews/${review.id}/resolve`, { note: 'mine?' });
    expect(foreign.statusCode).toBe(404);

    const resolved = await w.admin.post(`/kiosk-reviews/${review.id}/resolve`, { note: 'Permit issued afterwards.' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<Review>()).toMatchObject({ status: 'resolved', note: 'Permit issued afterwards.' });
    expect(resolved.json<Review>().resolved_by?.name).toBeTruthy();
    for (const note of ['', '   ', undefined]) {
      const empty = await w.admin.post(`/kiosk-reviews/${goneReview.id}/resolve`, { note });
      expect(empty.statusCode, empty.body).toBe(400);
      expect(empty.json<{ fields: Record<string, string[]> }>().fields.note).toBeDefined();
    }
    const twice = await w.admin.post(`/kiosk-reviews/${review.id}/resolve`, { note: 'Again' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ code: 'rule_violation' });
    const open = await w.admin.get('/kiosk-reviews?status=open');
    expect(open.json<{ data: Review[] }>().data.map((r) => r.id)).toEqual([goneReview.id]);
    const closed = await w.admin.get('/kiosk-reviews?status=resolved');
    expect(closed.json<{ data: Review[] }>().data.map((r) => r.id)).toEqual([review.id]);
    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, review.id))),
    );
    expect(audit.map((a) => a.action)).toEqual(['kiosk.review.resolved']);
  });

  it('refuses bad input item by item, naming the field, and never answers 500', async () => {
    const w = await worldUtc();
    const kiosk = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    const ada = await w.person('Ada');
    const [at] = times(1);
    const out = await replay(kiosk.device, [
      { kind: 'sign_in', idempotency_key: 'no-time-given', people: [{ person_id: ada.id }] },
      signInItem('future', new Date(Date.now() + 60 * MINUTE), ada.id),
      signInItem('too-old', new Date(Date.now() - 26 * 60 * MINUTE), ada.id),
      { kind: 'wave', idempotency_key: 'odd-kind-1', occurred_at: at!.toISOString() },
      signInItem('bad key with spaces', at!, ada.id),
      signInItem('fine', at!, ada.id),
    ]);
    expect(
      out.results.map((r) => r.status),
      JSON.stringify(out.results),
    ).toEqual(['refused', 'refused', 'refused', 'refused', 'refused', 'done']);
    expect(Object.keys(out.results[0]!.error!.fields!)).toEqual(['occurred_at']);
    expect(out.results[1]!.error!.fields!.occurred_at![0]).toMatch(/future/);
    expect(out.results[2]!.error!.fields!.occurred_at![0]).toMatch(/24 hours/);
    expect(Object.keys(out.results[3]!.error!.fields!)).toEqual(['kind']);
    expect(Object.keys(out.results[4]!.error!.fields!)).toEqual(['idempotency_key']);

    const empty = await kiosk.device.post('/kiosk-device/replay', { items: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<{ fields: object }>().fields)).toEqual(['items']);
    const noKey = await kiosk.device.post('/kiosk-device/sign-in', {
      people: [{ person_id: ada.id }],
      offline: true,
      occurred_at: at!.toISOString(),
    });
    expect(noKey.statusCode).toBe(400);
    expect(Object.keys(noKey.json<{ fields: object }>().fields)).toEqual(['idempotency_key']);
    const badTime = await kiosk.device.post('/kiosk-device/sign-out', {
      person_ids: [ada.id],
      occurred_at: 'yesterday',
    });
    expect(badTime.statusCode).toBe(400);
    expect(Object.keys(badTime.json<{ fields: object }>().fields)).toEqual(['occurred_at']);
    const ahead = await kiosk.device.post('/kiosk-device/sign-out', {
      person_ids: [ada.id],
      occurred_at: new Date(Date.now() + 60 * MINUTE).toISOString(),
    });
    expect(ahead.statusCode).toBe(400);
    expect(Object.keys(ahead.json<{ fields: object }>().fields)).toEqual(['occurred_at']);
    expect(
      (await new TestClient(ctx.app).post('/kiosk-device/replay', { items: [signInItem('x', at!, ada.id)] }))
        .statusCode,
    ).toBe(401);
    // Another company's person is not found by this kiosk: accepted for review without a visit or a name.
    const other = await worldUtc();
    const stranger = await other.person('Stranger');
    const foreign = await replay(kiosk.device, [signInItem('stranger', at!, stranger.id)]);
    expect(foreign.results[0]!.people[0]).toMatchObject({ status: 'needs_review', visit_id: null });
    expect(JSON.stringify(foreign)).not.toContain('Stranger');
    expect(await visitsOf(other, stranger.id)).toHaveLength(0);
  });

  it('replays a queue of 1,000 sign-ins and sign-outs with none lost or doubled', { timeout: 180_000 }, async () => {
    const w = await worldUtc();
    const kiosk = await pairKiosk(ctx.app, w.admin, w.areas.reception);
    const crowd: Awaited<ReturnType<VisitsWorld['person']>>[] = [];
    for (let i = 0; i < 250; i++) crowd.push(await w.person(`P${i}`));
    const base = Date.now() - 20 * 60 * MINUTE;
    // Each person: in, out, in, out, a second apart per action, in the order they happened.
    const items = crowd.flatMap((p, i) =>
      [0, 1, 2, 3].map((step) => {
        const at = new Date(base + (step * 250 + i) * 1000);
        const key = `bulk-${i}-${step}`;
        return step % 2 === 0 ? signInItem(key, at, p.id) : signOutItem(key, at, p.id);
      }),
    );
    expect(items).toHaveLength(1000);
    const out = await replay(kiosk.device, items);
    expect(out.counts).toMatchObject({ done: 1000, refused: 0, retry: 0, needs_review: 0, merged: 0 });
    const made = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ state: visits.state, personId: visits.personId })
        .from(visits)
        .where(
          and(
            eq(visits.entityId, w.entity.id),
            inArray(
              visits.personId,
              crowd.map((p) => p.id),
            ),
          ),
        ),
    );
    expect(made).toHaveLength(500);
    expect(made.every((v) => v.state === 'left')).toBe(true);
    // Sent again (the answer lost): nothing new.
    const again = await replay(kiosk.device, items.slice(0, 200));
    expect(again.counts.replayed).toBe(200);
    const after = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ id: visits.id })
        .from(visits)
        .where(
          and(
            eq(visits.entityId, w.entity.id),
            inArray(
              visits.personId,
              crowd.map((p) => p.id),
            ),
          ),
        ),
    );
    expect(after).toHaveLength(500);
  });
});

describe('kiosk reviews access', () => {
  it('needs a session with the logbook permission', async () => {
    const anonymous = await new TestClient(ctx.app).get('/kiosk-reviews');
    expect(anonymous.statusCode).toBe(401);
    const w = await worldUtc();
    const missing = await w.admin.post(`/kiosk-reviews/${newId()}/resolve`, { note: 'x' });
    expect(missing.statusCode).toBe(404);
    const badStatus = await w.admin.get('/kiosk-reviews?status=maybe');
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json<{ fields: object }>().fields)).toEqual(['status']);
  });
});
