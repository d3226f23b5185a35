// The duplication control board's scan and reads (decision 032): known pairs are found with their
// reasons and scores, a set of distinct people gives no pair, filters and paging, a dismissed pair stays
// away, a limited admin sees only pairs of their scope, and another company sees and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuplicatePair, DuplicateScan, DuplicatesResponse } from '@app/shared/people/duplicates';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { memberships, people, personSites } from '../src/db/schema/index';
import { signIn, type TestClient } from './helpers/http-client';
import { givePersonSite, givePersonUserType } from './helpers/people-rows';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { createPerson, PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: VisitsWorld;
let other: VisitsWorld;

type Extra = Record<string, unknown>;
const add = (world: VisitsWorld, first: string, last: string, extra: Extra = {}) =>
  world.person(first, world.types.visitors, world.sites.hq, { lastName: last, email: null, ...extra });

async function scanned(client: TestClient): Promise<DuplicateScan> {
  const started = await client.post('/people/duplicates/scan', {});
  expect(started.statusCode, started.body).toBe(202);
  for (let i = 0; i < 600; i++) {
    const { scan } = (await client.get('/people/duplicates/scan')).json<{ scan: DuplicateScan }>();
    if (scan.status === 'done' || scan.status === 'failed') return scan;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the scan did not finish');
}

const board = async (client: TestClient, query = '') => {
  const res = await client.get(`/people/duplicates${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DuplicatesResponse>();
};

const pairOf = (pairs: DuplicatePair[], one: string, two: string) =>
  pairs.find((p) => (p.a.id === one && p.b.id === two) || (p.a.id === two && p.b.id === one));

const known: Record<string, [string, string]> = {};
const distinct: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db);
  other = await visitsWorld(ctx.app, ctx.db.db);
  const pair = async (key: string, a: [string, string, Extra], b: [string, string, Extra]) => {
    known[key] = [(await add(w, ...a)).id, (await add(w, ...b)).id];
  };
  await pair(
    'email',
    ['Ann', 'Lee', { email: 'Ann.Lee+visit@gmail.com' }],
    ['Anne', 'Leigh', { email: 'annlee@gmail.com' }],
  );
  await pair(
    'phone',
    ['Omar', 'Haddad', { phoneCode: '971', phone: '501234567' }],
    ['O.', 'Haddad', { phone: '0501234567' }],
  );
  await pair('id', ['Chen', 'Wei', { idNumber: 'AB-1234-5' }], ['Wei', 'Chen', { idNumber: 'ab12345' }]);
  await pair(
    'name',
    ['Jonathan', 'Smith', { companyName: 'Contoso Ltd' }],
    ['Jonathon', 'Smith', { companyName: 'contoso  ltd' }],
  );
  // The same name at another company, and one without a company: not pairs by name.
  distinct.push((await add(w, 'Jonathan', 'Smith', { companyName: 'Fabrikam' })).id);
  distinct.push((await add(w, 'Jonathan', 'Smith')).id);
  // Twenty-four distinct people of one company and of none, with their own contacts.
  const firsts = [
    'Maria',
    'Yusuf',
    'Ingrid',
    'Kofi',
    'Priya',
    'Tomas',
    'Leila',
    'Hiroshi',
    'Amara',
    'Lukas',
    'Sofia',
    'Rahul',
  ];
  const lasts = [
    'Garcia',
    'Okafor',
    'Nilsen',
    'Mensah',
    'Iyer',
    'Novak',
    'Karimi',
    'Tanaka',
    'Diallo',
    'Weber',
    'Rossi',
    'Mehta',
  ];
  for (let i = 0; i < firsts.length; i++) {
    distinct.push(
      (
        await add(w, firsts[i]!, lasts[i]!, {
          companyName: 'Contoso Ltd',
          email: `${firsts[i]!.toLowerCase()}@contoso.example`,
          phoneCode: '44',
          phone: `7700900${String(100 + i)}`,
          idNumber: `P${1000 + i}`,
        })
      ).id,
    );
    distinct.push((await add(w, lasts[i]!, firsts[i]!, { email: `${lasts[i]!.toLowerCase()}@example.org` })).id);
  }
  // The other company has a pair of its own with the same details.
  await add(other, 'Ann', 'Lee', { email: 'Ann.Lee+visit@gmail.com' });
  await add(other, 'Anne', 'Leigh', { email: 'annlee@gmail.com' });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the duplicate scan', () => {
  it('finds the known pairs with their reasons and scores, and no pair of distinct people', async () => {
    const before = await board(w.admin);
    expect(before.data).toEqual([]);
    expect(before.scan).toBeNull();

    const scan = await scanned(w.admin);
    expect(scan).toMatchObject({ status: 'done', pairs: 4 });
    expect(scan.people).toBeGreaterThanOrEqual(4 * 2 + distinct.length);
    const { data, count } = await board(w.admin, '?limit=50');
    expect(count).toBe(4);
    const expected: Record<string, { reasons: string[]; score: number }> = {
      email: { reasons: ['email'], score: 100 },
      phone: { reasons: ['phone'], score: 95 },
      id: { reasons: ['id_number'], score: 95 },
    };
    for (const [key, want] of Object.entries(expected)) {
      const found = pairOf(data, ...known[key]!);
      expect(found, key).toMatchObject(want);
    }
    const byName = pairOf(data, ...known.name!)!;
    expect(byName.reasons).toEqual(['name']);
    expect(byName.name_similarity).toBeGreaterThanOrEqual(60);
    expect(byName.score).toBe(Math.round((byName.name_similarity / 100) * 90));
    // Likeliest first.
    expect(data.map((p) => p.score)).toEqual([...data.map((p) => p.score)].sort((a, b) => b - a));
    for (const id of distinct)
      expect(
        data.some((p) => p.a.id === id || p.b.id === id),
        id,
      ).toBe(false);
    // Each person of a pair with what helps to choose.
    expect(pairOf(data, ...known.email!)!.a).toMatchObject({
      user_types: [{ id: w.types.visitors, name: 'Visitors' }],
      has_login: false,
      visits: 0,
      last_visit_at: null,
    });
  });

  it('filters by reason, search and score, pages by cursor, and keeps pair ids from scan to scan', async () => {
    expect((await board(w.admin, '?reason=phone')).data.map((p) => p.reasons)).toEqual([['phone']]);
    expect((await board(w.admin, '?search=HADDAD')).count).toBe(1);
    expect((await board(w.admin, '?search=contoso')).data.map((p) => p.reasons)).toEqual([['name']]);
    expect((await board(w.admin, '?min_score=95')).count).toBe(3);
    const first = await board(w.admin, '?limit=3');
    expect(first.data).toHaveLength(3);
    const rest = await board(w.admin, `?limit=3&cursor=${first.next_cursor}`);
    expect(rest.data).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    expect(new Set([...first.data, ...rest.data].map((p) => p.id)).size).toBe(4);
    expect((await board(w.admin, '?limit=3&page=2')).data.map((p) => p.id)).toEqual(rest.data.map((p) => p.id));

    await scanned(w.admin);
    const again = await board(w.admin, '?limit=50');
    expect(again.data.map((p) => p.id).sort()).toEqual([...first.data, ...rest.data].map((p) => p.id).sort());
  });

  it('refuses bad filters naming the field', async () => {
    for (const [query, field] of [
      ['?reason=birthday', 'reason'],
      ['?min_score=101', 'min_score'],
      ['?cursor=nonsense', 'cursor'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await w.admin.get(`/people/duplicates${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
  });

  it('drops a dismissed pair and never pairs the two again', async () => {
    const pair = pairOf((await board(w.admin, '?limit=50')).data, ...known.id!)!;
    const res = await w.admin.post('/people/duplicates/dismiss', { pair_id: pair.id });
    expect(res.statusCode, res.body).toBe(204);
    expect(pairOf((await board(w.admin, '?limit=50')).data, ...known.id!)).toBeUndefined();
    const scan = await scanned(w.admin);
    expect(scan.pairs).toBe(3);
    expect(pairOf((await board(w.admin, '?limit=50')).data, ...known.id!)).toBeUndefined();
    expect((await w.admin.post('/people/duplicates/dismiss', { pair_id: pair.id })).statusCode).toBe(404);
  });

  it('shows a limited admin only pairs whose two people are in their sites', async () => {
    // One of the phone pair moves to the Branch site only.
    const [, branchPerson] = known.phone!;
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.delete(personSites).where(and(eq(personSites.entityId, w.entity.id), eq(personSites.personId, branchPerson))),
    );
    await givePersonSite(ctx.db.db, w.entity, branchPerson, w.sites.branch);
    const limited = await createPerson(ctx.db.db, [w.entity], 'admin');
    const person = await withTenant(ctx.db.db, w.entity.id, async (tx) => {
      await tx
        .update(memberships)
        .set({ siteScope: 'assigned' })
        .where(and(eq(memberships.entityId, w.entity.id), eq(memberships.userId, limited.id)));
      const [row] = await tx
        .select()
        .from(people)
        .where(and(eq(people.entityId, w.entity.id), eq(people.userId, limited.id)));
      return row!;
    });
    await givePersonSite(ctx.db.db, w.entity, person.id, w.sites.hq);
    await givePersonUserType(ctx.db.db, w.entity, person.id, w.types.visitors);
    const { client } = await signIn(ctx.app, limited.email, PASSWORD);
    const all = await board(w.admin, '?limit=50');
    const seen = await board(client, '?limit=50');
    expect(all.data.some((p) => pairOf([p], ...known.phone!))).toBe(true);
    expect(seen.data.some((p) => pairOf([p], ...known.phone!))).toBe(false);
    expect(seen.count).toBe(all.count - 1);
    const phonePair = pairOf(all.data, ...known.phone!)!;
    expect((await client.post('/people/duplicates/dismiss', { pair_id: phonePair.id })).statusCode).toBe(404);
    const merge = await client.post('/people/merge', { keep_id: known.phone![0], remove_id: known.phone![1] });
    expect(merge.statusCode).toBe(404);
  });
});

describe('another company', () => {
  it('sees only its own pairs and can neither dismiss nor merge this company’s', async () => {
    const mine = await board(w.admin, '?limit=50');
    await scanned(other.admin);
    const theirs = await board(other.admin, '?limit=50');
    expect(theirs.count).toBe(1);
    const ids = new Set(mine.data.flatMap((p) => [p.a.id, p.b.id]));
    expect(theirs.data.flatMap((p) => [p.a.id, p.b.id]).some((id) => ids.has(id))).toBe(false);
    const pair = mine.data[0]!;
    expect((await other.admin.post('/people/duplicates/dismiss', { pair_id: pair.id })).statusCode).toBe(404);
    const merge = await other.admin.post('/people/merge', { keep_id: pair.a.id, remove_id: pair.b.id });
    expect(merge.statusCode).toBe(404);
    expect((await board(w.admin, '?limit=50')).count).toBe(mine.count);
  });

  it('needs the settings permission, and refuses the company API token', async () => {
    const { client: employee } = await signIn(ctx.app, w.people.employee.email, PASSWORD);
    expect((await employee.get('/people/duplicates')).statusCode).toBe(403);
    expect((await employee.post('/people/duplicates/scan', {})).statusCode).toBe(403);
  });
});
