import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE_KEYS } from '@app/shared/access/roles';
import { withTenant } from '../src/db/client';
import { tablePreferences } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import { createCompany, createPerson, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const EMPTY = {
  id: null,
  table_head: { visibility: {}, order: [], sizing: {} },
  url: { filters: {}, sorting: [], limit: 10 },
  updated_at: null,
};

const usersGrid = {
  table_head: {
    visibility: { email: false, phone: true },
    order: ['name', 'phone', 'email', 'status'],
    sizing: { name: 240, phone: 160 },
  },
  url: {
    filters: { status: 'active', user_type_ids: ['a', 'b'] },
    sorting: [{ id: 'name', desc: true }],
    search: 'ann',
    limit: 25,
  },
};

async function memberOf(role: (typeof ROLE_KEYS)[number] = 'admin') {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people[role].email, PASSWORD);
  return { ...company, client };
}

describe('saving and restoring a grid', () => {
  it('answers the defaults on a first visit, then the saved state, per page', async () => {
    const { client } = await memberOf();
    const first = await client.get('/table-preferences/users');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ...EMPTY, page_url: 'users' });

    const saved = await client.put('/table-preferences/users', usersGrid);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ page_url: 'users', ...usersGrid });
    expect(saved.json().id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.get('/table-preferences/users')).json()).toEqual(saved.json());
    // Another page keeps its own state.
    expect((await client.get('/table-preferences/rfid-enrollment')).json()).toEqual({
      ...EMPTY,
      page_url: 'rfid-enrollment',
    });

    // Saving again replaces the whole state in the same row; left-out parts take their defaults.
    const replaced = await client.put('/table-preferences/users', {
      table_head: { visibility: { email: true } },
      url: {},
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: saved.json().id,
      table_head: { visibility: { email: true }, order: [], sizing: {} },
      url: { filters: {}, sorting: [], limit: 10 },
    });
    expect(replaced.json().url.search).toBeUndefined();

    // Reset: back to a first visit.
    expect((await client.delete('/table-preferences/users')).statusCode).toBe(204);
    expect((await client.get('/table-preferences/users')).json()).toEqual({ ...EMPTY, page_url: 'users' });
    expect((await client.delete('/table-preferences/users')).statusCode).toBe(204);
  });

  it('keeps the sites and the kiosks grids of the sites screen apart', async () => {
    const { client } = await memberOf();
    const kiosksGrid = {
      table_head: { visibility: { created_at: true }, order: ['name', 'status', 'place'], sizing: { place: 300 } },
      url: {
        filters: { site_id: '0190a000-0000-7000-8000-000000000001', status: 'online' },
        sorting: [{ id: 'status', desc: true }],
        search: 'lobby',
        limit: 25,
      },
    };
    const saved = await client.put('/table-preferences/kiosks', kiosksGrid);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await client.get('/table-preferences/kiosks')).json()).toMatchObject({ page_url: 'kiosks', ...kiosksGrid });
    expect((await client.get('/table-preferences/sites')).json()).toEqual({ ...EMPTY, page_url: 'sites' });
    const sites = await client.put('/table-preferences/sites', { table_head: {}, url: { search: 'north' } });
    expect(sites.statusCode, sites.body).toBe(200);
    expect((await client.get('/table-preferences/kiosks')).json().url.search).toBe('lobby');
  });

  it('lets every role keep its own grids', async () => {
    const company = await createCompany(ctx.db.db);
    for (const role of ROLE_KEYS) {
      const { client } = await signIn(ctx.app, company.people[role].email, PASSWORD);
      const res = await client.put('/table-preferences/dashboard-logbook', {
        table_head: { order: [role.replace(/_/g, '-')] },
        url: {},
      });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
    }
    const rows = await withTenant(ctx.db.db, company.entity.id, (tx) => tx.select().from(tablePreferences));
    expect(rows).toHaveLength(ROLE_KEYS.length);
  });

  it('falls back to the defaults for a part saved in a shape today’s grid no longer accepts', async () => {
    const { client, entity, people } = await memberOf();
    await client.put('/table-preferences/users', usersGrid);
    await withTenant(ctx.db.db, entity.id, (tx) =>
      tx
        .update(tablePreferences)
        .set({ tableHead: { visibility: { name: 'yes' }, columns: 3 } })
        .where(eq(tablePreferences.membershipId, people.admin.membershipId)),
    );
    const res = await client.get('/table-preferences/users');
    expect(res.statusCode).toBe(200);
    expect(res.json().table_head).toEqual(EMPTY.table_head);
    expect(res.json().url).toEqual(usersGrid.url);
  });
});

describe('bad shapes', () => {
  it('answers 400 naming the field, and saves nothing', async () => {
    const { client, entity } = await memberOf();
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, true]));
    const cases: [unknown, string, RegExp][] = [
      [{ url: {} }, 'table_head', /^Table columns is required\.$/],
      [{ table_head: {} }, 'url', /^Table filters is required\.$/],
      [{ table_head: { visibility: { name: 'no' } }, url: {} }, 'table_head.visibility.name', /wrong type/],
      [
        { table_head: { visibility: many }, url: {} },
        'table_head.visibility',
        /^Column visibility may list at most 100 columns\.$/,
      ],
      [
        { table_head: { order: ['name', 'name'] }, url: {} },
        'table_head.order',
        /^Column order lists a column twice\.$/,
      ],
      [{ table_head: { order: ['1st'] }, url: {} }, 'table_head.order.0', /wrong format/],
      [{ table_head: { sizing: { name: 20 } }, url: {} }, 'table_head.sizing.name', /at least 40/],
      [{ table_head: { sizing: { name: 5000 } }, url: {} }, 'table_head.sizing.name', /at most 1200/],
      [{ table_head: {}, url: { limit: 7 } }, 'url.limit', /value that is not allowed/],
      [
        {
          table_head: {},
          url: {
            sorting: [
              { id: 'a', desc: true },
              { id: 'b', desc: true },
              { id: 'c', desc: true },
              { id: 'd', desc: true },
            ],
          },
        },
        'url.sorting',
        /at most 3/,
      ],
      [{ table_head: {}, url: { sorting: [{ id: 'a' }] } }, 'url.sorting.0.desc', /^Descending is required\.$/],
      [{ table_head: {}, url: { search: 'x'.repeat(101) } }, 'url.search', /at most 100 characters/],
      [
        { table_head: {}, url: { filters: { status: ['x'.repeat(201)] } } },
        'url.filters.status.0',
        /at most 200 characters/,
      ],
      [{ table_head: {}, url: {}, owner: 'me' }, 'body', /not expected/],
      [{ table_head: { widths: {} }, url: {} }, 'table_head', /not expected/],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.put('/table-preferences/users', body);
      const label = JSON.stringify(body).slice(0, 80);
      expect(res.statusCode, label).toBe(400);
      expect(Object.keys(res.json().fields), label).toContain(field);
      expect(res.json().fields[field][0], label).toMatch(message);
    }
    const page = await client.get('/table-preferences/my-grid');
    expect(page.statusCode).toBe(400);
    expect(Object.keys(page.json().fields)).toEqual(['pageUrl']);
    expect((await client.put('/table-preferences/my-grid', usersGrid)).statusCode).toBe(400);
    // In the caller's language.
    client.lang = 'ar';
    const ar = await client.put('/table-preferences/users', { table_head: { order: ['a', 'a'] }, url: {} });
    expect(ar.json().fields['table_head.order'][0]).toMatch(/[\u0600-\u06ff]/);
    const rows = await withTenant(ctx.db.db, entity.id, (tx) => tx.select().from(tablePreferences));
    expect(rows).toEqual([]);
  });
});

describe('one member’s grids are their own', () => {
  it('another member of the company neither sees nor changes them', async () => {
    const { client, people } = await memberOf();
    const { client: colleague } = await signIn(ctx.app, people.employee.email, PASSWORD);
    await client.put('/table-preferences/users', usersGrid);
    expect((await colleague.get('/table-preferences/users')).json()).toEqual({ ...EMPTY, page_url: 'users' });
    await colleague.put('/table-preferences/users', { table_head: { order: ['email'] }, url: { limit: 100 } });
    expect((await colleague.delete('/table-preferences/users')).statusCode).toBe(204);
    expect((await client.get('/table-preferences/users')).json()).toMatchObject(usersGrid);
  });

  it('keeps a person’s grids apart in each of their companies, also under row-level security', async () => {
    const a = await createCompany(ctx.db.db);
    const b = await createCompany(ctx.db.db);
    const both = await createPerson(ctx.db.db, [a.entity, b.entity], 'admin');
    const { client, body } = await signIn(ctx.app, both.email, PASSWORD);
    expect(body.status).toBe('choose_entity');
    expect((await client.post('/auth/entity', { entity_id: a.entity.id })).statusCode).toBe(200);
    const inA = await client.put('/table-preferences/users', usersGrid);
    expect(inA.statusCode, inA.body).toBe(200);
    expect((await client.post('/auth/entity', { entity_id: b.entity.id })).statusCode).toBe(200);
    expect((await client.get('/table-preferences/users')).json()).toEqual({ ...EMPTY, page_url: 'users' });
    await client.put('/table-preferences/users', { table_head: { order: ['status'] }, url: {} });
    expect((await client.delete('/table-preferences/users')).statusCode).toBe(204);
    await client.post('/auth/entity', { entity_id: a.entity.id });
    expect((await client.get('/table-preferences/users')).json()).toEqual(inA.json());

    const seenInB = await withTenant(ctx.db.db, b.entity.id, (tx) => tx.select().from(tablePreferences));
    expect(seenInB).toEqual([]);
    const seenInA = await withTenant(ctx.db.db, a.entity.id, (tx) => tx.select().from(tablePreferences));
    expect(seenInA.map((r) => r.id)).toEqual([inA.json().id]);
  });

  it('has nothing for an API token, which acts for no person', async () => {
    const { client } = await memberOf();
    const created = await client.post('/company/client-token');
    expect(created.statusCode, created.body).toBe(200);
    const machine = new TestClient(ctx.app);
    machine.bearer = created.json().token;
    expect((await machine.get('/people')).statusCode).toBe(200);
    for (const res of [
      await machine.get('/table-preferences/users'),
      await machine.put('/table-preferences/users', usersGrid),
      await machine.delete('/table-preferences/users'),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await new TestClient(ctx.app).get('/table-preferences/users')).statusCode).toBe(401);
  });
});
