// Keyset paging (decision 022): following `next_cursor` gives every row once, in order, even while
// rows are added before and after the page being read; a cursor of another list or sort is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson } from './helpers/people-rows';
import { createTestApp, type TestContext } from './helpers/test-app';
import { insertVisit, visitsWorld, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
let w: VisitsWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db);
});
afterAll(() => ctx.close());

type Page = { data: { id: string }[]; count: number; count_capped: boolean; next_cursor: string | null };

/** Every page of a list by its cursor; `between` runs after each page. */
async function follow(url: string, between: (pageIndex: number) => Promise<void> = async () => {}) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res = await w.admin.get(`${url}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Page>();
    ids.push(...page.data.map((p) => p.id));
    cursor = page.next_cursor;
    if (!cursor) return ids;
    await between(i);
  }
  throw new Error('too many pages');
}

const lastNames = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String.fromCharCode(98 + i)}`); // b, c, d, …

describe('keyset paging', () => {
  it('lists each person once, in order, while people are added before and after the page', async () => {
    const made = [];
    for (const last of lastNames(23, 'Keyset'))
      made.push(await insertPerson(ctx.db.db, w.entity, { firstName: 'K', lastName: last }));
    const url = '/people?limit=5&sortField=name&orderBy=asc&search=keyset';
    const all = await follow(url);
    expect(all).toEqual(made.map((p) => p.id));

    const added: { before?: string; after?: string } = {};
    const seen = await follow(url, async (i) => {
      if (i !== 1) return;
      // After the second page: one person sorts before what was read, one at the very end.
      added.before = (await insertPerson(ctx.db.db, w.entity, { firstName: 'K', lastName: 'Keyseta' })).id;
      added.after = (await insertPerson(ctx.db.db, w.entity, { firstName: 'K', lastName: 'Keysetz' })).id;
    });
    expect(seen).toEqual([...made.map((p) => p.id), added.after]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('pages by role, by email and by creation through their own keys', async () => {
    const tag = `Rk${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(
        await insertPerson(ctx.db.db, w.entity, {
          firstName: tag,
          lastName: `P${i}`,
          email: i % 4 === 0 ? null : `${tag.toLowerCase()}.${i}@example.test`,
          roleId: i % 3 === 0 ? w.entity.roles.fire_warden : w.entity.roles.employee,
        }),
      );
    }
    for (const sort of ['role', 'email', 'created_at', 'status']) {
      for (const dir of ['asc', 'desc']) {
        const base = `/people?sortField=${sort}&orderBy=${dir}&search=${tag}`;
        const whole = (await w.admin.get(`${base}&limit=100`)).json<Page>().data.map((p) => p.id);
        expect(whole).toHaveLength(12);
        expect(await follow(`${base}&limit=5`), `${sort} ${dir}`).toEqual(whole);
      }
    }
  });

  it("pages the company's whole list, in every order and by status, as one page of it", async () => {
    for (let i = 0; i < 7; i++) {
      await insertPerson(ctx.db.db, w.entity, {
        firstName: 'Whole',
        lastName: `W${i}`,
        email: i % 3 === 0 ? null : `whole.${i}@example.test`,
        status: i % 4 === 0 ? 'archived' : 'active',
      });
    }
    for (const filter of ['', '&status=archived']) {
      for (const sort of ['name', 'email', 'role', 'status', 'created_at']) {
        for (const dir of ['asc', 'desc']) {
          const base = `/people?sortField=${sort}&orderBy=${dir}${filter}`;
          const whole = (await w.admin.get(`${base}&limit=500`)).json<Page>();
          expect(whole.data.length, base).toBe(whole.count);
          expect(await follow(`${base}&limit=3`), base).toEqual(whole.data.map((p) => p.id));
          const second = (await w.admin.get(`${base}&limit=3&page=2`)).json<Page>();
          expect(
            second.data.map((p) => p.id),
            `${base} page 2`,
          ).toEqual(whole.data.slice(3, 6).map((p) => p.id));
          expect(second.count, `${base} page 2`).toBe(whole.count);
        }
      }
    }
  });

  it("counts a search's matches with the list's other conditions, on every page and past the last", async () => {
    const tag = `Sc${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 9; i++) {
      made.push(
        await insertPerson(ctx.db.db, w.entity, {
          firstName: tag,
          lastName: `Q${i}`,
          status: i % 3 === 0 ? 'archived' : 'active',
        }),
      );
    }
    const active = made.filter((_, i) => i % 3 !== 0).map((p) => p.id);
    const base = `/people?sortField=name&orderBy=asc&search=${tag}&status=active&limit=4`;
    const first = (await w.admin.get(base)).json<Page>();
    expect(first).toMatchObject({ count: 6, count_capped: false });
    expect(first.data.map((p) => p.id)).toEqual(active.slice(0, 4));
    const next = (await w.admin.get(`${base}&cursor=${encodeURIComponent(first.next_cursor!)}`)).json<Page>();
    expect(next).toMatchObject({ count: 6, next_cursor: null });
    expect(next.data.map((p) => p.id)).toEqual(active.slice(4));
    expect((await w.admin.get(`${base}&page=2`)).json<Page>().data.map((p) => p.id)).toEqual(active.slice(4));
    expect((await w.admin.get(`${base}&page=5`)).json<Page>()).toMatchObject({ data: [], count: 6 });
    // Without the filter, the archived ones count too; a search matching nobody counts none.
    expect((await w.admin.get(`/people?search=${tag}`)).json<Page>().count).toBe(9);
    expect((await w.admin.get(`/people?search=${tag}zz`)).json<Page>()).toMatchObject({ data: [], count: 0 });
  });

  it("follows the logbook's cursor, in every order, without repeating a visit signed in meanwhile", async () => {
    const person = await w.person('Paged');
    const day = '2026-01-15';
    const made = [];
    for (let i = 0; i < 14; i++) {
      const at = new Date(Date.parse(`${day}T08:00:00Z`) + i * 600_000);
      made.push(
        await insertVisit(ctx.db.db, w.entity, {
          personId: person.id,
          siteId: w.sites.hq,
          areaId: w.areas.reception,
          state: 'left',
          signedInAt: at,
          signedOutAt: new Date(at.getTime() + (i % 5) * 3_600_000),
        }),
      );
    }
    const url = `/visits?limit=4&from=${day}&to=${day}`;
    expect(await follow(url)).toEqual(made.map((v) => v.id).reverse());
    const seen = await follow(url, async (i) => {
      if (i === 0) {
        await insertVisit(ctx.db.db, w.entity, {
          personId: person.id,
          siteId: w.sites.hq,
          areaId: w.areas.reception,
          state: 'left',
          signedInAt: new Date(`${day}T20:00:00Z`),
          signedOutAt: new Date(`${day}T21:00:00Z`),
        });
      }
    });
    expect(seen).toEqual(made.map((v) => v.id).reverse());
    for (const sort of ['signed_out_at', 'name', 'state']) {
      for (const dir of ['asc', 'desc']) {
        const base = `/visits?from=${day}&to=${day}&sortField=${sort}&orderBy=${dir}`;
        const whole = (await w.admin.get(`${base}&limit=100`)).json<Page>().data.map((v) => v.id);
        expect(await follow(`${base}&limit=4`), `${sort} ${dir}`).toEqual(whole);
      }
    }
  });

  it('refuses a cursor that is not one, or belongs to another sort', async () => {
    const garbage = await w.admin.get('/people?cursor=not-a-cursor');
    expect(garbage.statusCode).toBe(400);
    expect(Object.keys(garbage.json().fields)).toEqual(['cursor']);
    const page = (await w.admin.get('/people?limit=1&sortField=name')).json<Page>();
    expect(page.next_cursor).not.toBeNull();
    const other = await w.admin.get(`/people?limit=1&sortField=email&cursor=${page.next_cursor}`);
    expect(other.statusCode).toBe(400);
    const visits = await w.admin.get(`/visits?cursor=${page.next_cursor}`);
    expect(visits.statusCode).toBe(400);
  });
});
