// POST /public/visits/{token}/validate-user-update (spec §7 "POST validate-user-update"): the
// confirmation page's live check of the visitor's changed details, by the confirm's own rules, in the
// link's company only, writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { people, userTypes } from '../src/db/schema/index';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import {
  expectedVisitBody,
  expectedWorld,
  newVisitor,
  setVisit,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';

let ctx: TestContext;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  visitor = new TestClient(ctx.app);
});
afterAll(async () => ctx.close());

async function adminVisit(w: ExpectedWorld) {
  const res = await w.admin.post('/expected-visits', expectedVisitBody(w));
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return {
    id: data.id as string,
    personId: data.person.id as string,
    token: (data.link_url as string).split('/').pop()!,
  };
}

const check = (token: string, body: Record<string, unknown>, lang?: string) => {
  visitor.lang = lang;
  const res = visitor.post(`/public/visits/${token}/validate-user-update`, body);
  visitor.lang = undefined;
  return res;
};

const personRow = (w: ExpectedWorld, id: string) =>
  withTenant(ctx.db.db, w.entity.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(people)
      .where(and(eq(people.entityId, w.entity.id), eq(people.id, id)));
    return row!;
  });

describe('validate-user-update', () => {
  it('takes the visitor’s own details, and refuses another person’s email or phone as the confirm does', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const v = await adminVisit(w);
    const own = newVisitor(w.tag);
    const ok = await check(v.token, { ...own, first_name: 'Verity' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ valid: true, fields: {} });

    const before = await personRow(w, v.personId);
    const taken = await check(v.token, { email: w.host.email!.toUpperCase() });
    expect(taken.json()).toEqual({ valid: false, fields: { email: ['Email address already exists'] } });
    // The same answer as the confirm gives.
    const confirm = await visitor.post(`/public/visits/${v.token}/confirm`, { ...own, email: w.host.email });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().fields.email).toEqual(taken.json().fields.email);

    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(people)
        .set({ phoneCode: '44', phone: '7000000001' })
        .where(and(eq(people.entityId, w.entity.id), eq(people.id, w.other.id))),
    );
    const phone = await check(v.token, { phone_code: '+44', phone: '7000000001' }, 'ar');
    expect(phone.json()).toEqual({ valid: false, fields: { phone: ['رقم الهاتف موجود بالفعل'] } });
    // Another country code is another number.
    expect((await check(v.token, { phone_code: '1', phone: '7000000001' })).json().valid).toBe(true);
    // Nothing was written.
    expect(await personRow(w, v.personId)).toEqual(before);
  });

  it('checks formats and the user type’s mandatory profile data, in the caller’s language', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const v = await adminVisit(w);
    const res = await check(v.token, { first_name: ' ', email: 'not-an-email', phone_code: '+4a', phone: '12x' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      valid: false,
      fields: {
        first_name: ['First name is required.'],
        email: ['Invalid email address'],
        phone_code: ['Country code must contain digits only.'],
        phone: ['Phone must contain digits only.'],
      },
    });
    expect((await check(v.token, { company_name: '' })).json().valid).toBe(true);
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .update(userTypes)
        .set({ mandatoryProfileData: ['company_name'] })
        .where(and(eq(userTypes.entityId, w.entity.id), eq(userTypes.id, w.types.visitors))),
    );
    expect((await check(v.token, { company_name: '' }, 'es')).json()).toEqual({
      valid: false,
      fields: { company_name: [expect.stringMatching(/empresa/i)] },
    });
    const tooLong = await check(v.token, { last_name: 'x'.repeat(500) });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().fields)).toEqual(['last_name']);
  });

  it('looks only in the link’s company: another company’s people neither block nor change', async () => {
    const a = await expectedWorld(ctx.app, ctx.db.db);
    const b = await expectedWorld(ctx.app, ctx.db.db);
    const va = await adminVisit(a);
    const vb = await adminVisit(b);
    const bBefore = await personRow(b, vb.personId);
    // B's host and B's visitor hold these in B; A's visitor may take them in A.
    const res = await check(va.token, { email: b.host.email, phone_code: '+44', phone: bBefore.phone });
    expect(res.json()).toEqual({ valid: true, fields: {} });
    expect(await personRow(b, vb.personId)).toEqual(bBefore);
  });

  it('refuses an ended link with its reason and an unknown one as not found', async () => {
    const w = await expectedWorld(ctx.app, ctx.db.db);
    const v = await adminVisit(w);
    await setVisit(ctx.db.db, w.entity, v.id, { stage: 'rejected' });
    const ended = await check(v.token, { email: 'someone@example.test' });
    expect(ended.statusCode).toBe(422);
    expect(ended.json().message).toMatch(/has not been approved/);
    const unknown = await check('no-such-token', { email: 'someone@example.test' });
    expect(unknown.statusCode).toBe(404);
  });
});
