import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog, visits } from '../src/db/schema/index';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitBody, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Result = { message: string; data: VisitBody[]; replayed: boolean };

async function apiClient(w: VisitsWorld) {
  const res = await w.admin.post('/company/client-token');
  expect(res.statusCode, res.body).toBe(200);
  const client = new TestClient(ctx.app);
  client.bearer = res.json<{ token: string }>().token;
  return client;
}

async function visitsOf(w: VisitsWorld, personId: string) {
  return withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx
      .select()
      .from(visits)
      .where(and(eq(visits.entityId, w.entity.id), eq(visits.personId, personId))),
  );
}

describe('signing in through the API', () => {
  it("signs people in and out with the company's API token, marked as the API's doing", async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const api = await apiClient(w);
    const p = await w.person('Api');
    const res = await api.post('/visits/sign-in', { area_id: w.areas.reception, people: [{ person_id: p.id }] });
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json<Result>().data[0]!;
    expect((await visitsOf(w, p.id))[0]).toMatchObject({ signInSource: 'api', state: 'on_site' });
    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select({ actorKind: auditLog.actorKind }).from(auditLog).where(eq(auditLog.targetId, visit.id)),
    );
    expect(audit).toEqual([{ actorKind: 'client' }]);
    const out = await api.post('/visits/sign-out', { person_ids: [p.id] });
    expect(out.json<Result>().data[0]).toMatchObject({ state: 'left', sign_out_source: 'api' });
    expect((await api.get('/visits')).json<{ count: number }>().count).toBe(1);
    // Another company's token sees nothing of it.
    const other = await apiClient(await visitsWorld(ctx.app, ctx.db.db));
    expect((await other.get(`/visits/${visit.id}`)).statusCode).toBe(404);
    const bad = new TestClient(ctx.app);
    bad.bearer = 'not-a-token';
    expect(
      (await bad.post('/visits/sign-in', { area_id: w.areas.reception, people: [{ person_id: p.id }] })).statusCode,
    ).toBe(401);
  });

  it('answers a retried request with the first result, by header or body key, and makes no second visit', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const api = await apiClient(w);
    const [a, b] = [await w.person('Ida'), await w.person('Ike')];
    const body = { area_id: w.areas.reception, people: [{ person_id: a.id }, { person_id: b.id }] };
    const first = await api.post('/visits/sign-in', body, { 'idempotency-key': 'order-0001-abc' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await api.post('/visits/sign-in', body, { 'idempotency-key': 'order-0001-abc' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Result>()).toMatchObject({
      replayed: true,
      message: 'Already done: this request was received before.',
    });
    expect(again.json<Result>().data.map((v) => v.id)).toEqual(first.json<Result>().data.map((v) => v.id));
    expect(await visitsOf(w, a.id)).toHaveLength(1);

    // The same key for other people is a mistake, said clearly.
    const c = await w.person('Ivo');
    const reused = await api.post(
      '/visits/sign-in',
      { area_id: w.areas.reception, people: [{ person_id: c.id }] },
      { 'idempotency-key': 'order-0001-abc' },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json<{ fields: Record<string, string[]> }>().fields.idempotency_key).toHaveLength(1);

    // In the body, too; without a key a retry is a second (refused) sign-in.
    const viaBody = { area_id: w.areas.warehouse, people: [{ person_id: c.id }], idempotency_key: 'body-key-123' };
    expect((await api.post('/visits/sign-in', viaBody)).statusCode).toBe(201);
    expect((await api.post('/visits/sign-in', viaBody)).statusCode).toBe(200);
    expect((await api.post('/visits/sign-in', { ...viaBody, idempotency_key: undefined })).statusCode).toBe(422);
  });

  it('makes one visit when identical requests arrive at once', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const api = await apiClient(w);
    const p = await w.person('Twin');
    const body = { area_id: w.areas.reception, people: [{ person_id: p.id }] };
    const headers = { 'idempotency-key': 'concurrent-42' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => api.post('/visits/sign-in', body, headers)));
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
      200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((a) => a.json<Result>().data[0]!.id)).size).toBe(1);
    expect(await visitsOf(w, p.id)).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const p = await w.person('Key');
    const body = { area_id: w.areas.reception, people: [{ person_id: p.id }] };
    expect((await w.admin.post('/visits/sign-in', body, { 'idempotency-key': 'short' })).statusCode).toBe(400);
    expect((await w.admin.post('/visits/sign-in', body, { 'idempotency-key': 'has spaces in it' })).statusCode).toBe(
      400,
    );
    expect((await w.admin.post('/visits/sign-in', { ...body, idempotency_key: 'x'.repeat(101) })).statusCode).toBe(400);
    expect(await visitsOf(w, p.id)).toHaveLength(0);
  });
});
