import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { scopedAdmin } from './helpers/people-world';
import { visitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Candidates = { data: { id: string; full_name: string; email: string | null; user_types: { name: string }[] }[] };

describe('people to sign in (quick sign-in search)', () => {
  it('lets anyone with the dashboard find active people to sign in, without access to Users', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const zara = await w.person('Zara', w.types.staff);
    await w.person('Zak', w.types.visitors, w.sites.hq, { status: 'archived' });
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect((await employee.get('/people?search=za')).statusCode).toBe(403);

    const res = await employee.get('/visits/people?search=za');
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<Candidates>().data;
    expect(found.map((p) => p.full_name)).toEqual(['Zara Tester']);
    expect(found[0]).toEqual({
      id: zara.id,
      full_name: 'Zara Tester',
      email: zara.email,
      photo_url: null,
      user_types: [{ id: w.types.staff, name: 'Staff' }],
    });
    // Only what the picker shows.
    expect(Object.keys(found[0]!).sort()).toEqual(['email', 'full_name', 'id', 'photo_url', 'user_types']);
    // By email, too.
    expect(
      (await employee.get(`/visits/people?search=${encodeURIComponent(zara.email!)}`)).json<Candidates>().data,
    ).toHaveLength(1);
  });

  it('wants two characters, keeps a limited admin to their scope, and shows nobody of another company', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    await w.person('Quin', w.types.visitors);
    await w.person('Quinn', w.types.staff);
    await w.person('Quincy', w.types.visitors, w.sites.branch);
    const short = await w.admin.get('/visits/people?search=q');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ fields: Record<string, string[]> }>().fields.search).toHaveLength(1);
    expect((await w.admin.get('/visits/people?search=qui&limit=51')).statusCode).toBe(400);
    expect((await w.admin.get('/visits/people?search=qui')).json<Candidates>().data).toHaveLength(3);
    expect((await w.admin.get('/visits/people?search=qui&limit=2')).json<Candidates>().data).toHaveLength(2);

    const limited = await scopedAdmin(ctx.app, ctx.db.db, w.entity, [w.sites.hq], [w.types.visitors]);
    const seen = (await limited.client.get('/visits/people?search=qui')).json<Candidates>().data;
    expect(seen.map((p) => p.full_name)).toEqual(['Quin Tester']);

    const other = await visitsWorld(ctx.app, ctx.db.db);
    expect((await other.admin.get('/visits/people?search=qui')).json<Candidates>().data).toEqual([]);
  });
});
