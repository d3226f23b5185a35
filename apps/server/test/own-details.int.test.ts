// A member edits their own details (spec §7 POST /update-user-details): name, phone and organisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog } from '../src/db/schema/index';
import { signIn, TestClient } from './helpers/http-client';
import { peopleWorld } from './helpers/people-world';
import { storedPerson } from './helpers/people-world';
import { createTestApp, type TestContext } from './helpers/test-app';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Details = { person_id: string; first_name: string; last_name: string; email: string | null; phone: string | null };

describe('own details', () => {
  it('lets a member without the users permission change their own name and phone, with an audit row', async () => {
    const w = await peopleWorld(ctx.app, ctx.db.db);
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    const mine = await employee.get('/me/details');
    expect(mine.statusCode, mine.body).toBe(200);
    const before = mine.json<Details>();
    expect(before.email).toBe(w.people.employee.email);
    // The employee cannot reach the people screens.
    expect((await employee.get(`/people/${before.person_id}`)).statusCode).toBe(403);

    const changed = await employee.put('/me/details', {
      first_name: '  Grace ',
      last_name: 'Hopper',
      phone_code: '+44',
      phone: '7700900123',
      company_name: 'Navy',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      person_id: before.person_id,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: w.people.employee.email,
      phone_code: '44',
      phone: '7700900123',
      company_name: 'Navy',
    });
    // The people screens see the same person changed.
    expect((await w.admin.get(`/people/${before.person_id}`)).json()).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '7700900123',
    });
    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ action: auditLog.action, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, before.person_id))),
    );
    expect(audit.map((a) => a.action)).toEqual(['person.update_own_details']);
  });

  it('refuses bad input naming the field, a phone someone else has, and never touches email or role', async () => {
    const w = await peopleWorld(ctx.app, ctx.db.db);
    const other = await w.create({ phone_code: '44', phone: '7700900999', first_name: 'Other' });
    const { client } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    const me = (await client.get('/me/details')).json<Details>();
    const fields = async (body: Record<string, unknown>) => {
      const res = await client.put('/me/details', { first_name: 'Ada', last_name: 'Lovelace', ...body });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      return res.json<{ fields: Record<string, string[]> }>().fields;
    };
    expect(Object.keys(await fields({ first_name: '' }))).toEqual(['first_name']);
    expect(Object.keys(await fields({ phone: '77-00', phone_code: '44' }))).toEqual(['phone']);
    expect(Object.keys(await fields({ phone: '7700900123' }))).toEqual(['phone_code']);
    const taken = await client.put('/me/details', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_code: other.phone_code,
      phone: other.phone,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.phone).toEqual(['Phone number already exists']);
    // Fields it does not take are ignored, not applied.
    const sneaky = await client.put('/me/details', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'new@example.test',
      role_id: w.roles.admin,
    });
    expect(sneaky.statusCode, sneaky.body).toBe(200);
    const row = await storedPerson(ctx.db.db, w.entity, me.person_id);
    expect(row).toMatchObject({ email: w.people.employee.email, roleId: w.roles.employee, firstName: 'Ada' });
  });

  it('is the caller’s own person only: signed out, the API token and another company are refused', async () => {
    const w = await peopleWorld(ctx.app, ctx.db.db);
    expect((await new TestClient(ctx.app).get('/me/details')).statusCode).toBe(401);
    const token = (await w.admin.post('/company/client-token')).json<{ token: string }>().token;
    const machine = new TestClient(ctx.app);
    machine.bearer = token;
    expect((await machine.put('/me/details', { first_name: 'A', last_name: 'B' })).statusCode).toBe(403);
    // Another company's admin changes their own person, never this company's.
    const other = await peopleWorld(ctx.app, ctx.db.db);
    const mine = (await w.admin.get('/me/details')).json<Details>();
    const theirs = await other.admin.put('/me/details', { first_name: 'Zed', last_name: 'Other' });
    expect(theirs.json<Details>().person_id).not.toBe(mine.person_id);
    expect((await w.admin.get('/me/details')).json<Details>().first_name).toBe(mine.first_name);
  });
});
