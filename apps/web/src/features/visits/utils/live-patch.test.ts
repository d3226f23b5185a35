import { describe, expect, it } from 'vitest';
import type { ListVisitsParams, Visit, VisitList } from '@app/shared/visits/schemas';
import { patchLogbookPage } from './live-patch';

const TODAY = '2026-03-10';
const me = '0190a8c4-0000-7000-8000-0000000000aa';

function visit(n: number, over: Partial<Visit> = {}): Visit {
  const at = `${TODAY}T${String(8 + n).padStart(2, '0')}:00:00.000Z`;
  return {
    id: `0190a8c4-0000-7000-8000-${String(n).padStart(12, '0')}`,
    person: {
      id: `p${n}`,
      full_name: `P ${n}`,
      first_name: 'P',
      last_name: `${n}`,
      email: null,
      company_name: null,
      photo_url: null,
    },
    user_type: { id: 'visitors', name: 'Visitors' },
    site: { id: 'hq', name: 'HQ' },
    area: { id: 'reception', name: 'Reception' },
    state: 'on_site',
    stage: null,
    signed_in: { at, local: `${TODAY} ${String(12 + n).padStart(2, '0')}:00` },
    signed_out: null,
    expected: null,
    created_at: at,
    created_by: null,
    hosts: [],
    can_change: true,
    confirmed: false,
    ...over,
  } as Visit;
}

const params = (over: Partial<ListVisitsParams> = {}): ListVisitsParams => ({
  page: 1,
  limit: 3,
  sortField: 'activity',
  orderBy: 'desc',
  ...over,
});

const pageOf = (rows: Visit[], count = rows.length, capped = false): VisitList => ({
  data: rows,
  count,
  count_capped: capped,
  next_cursor: count > rows.length ? 'cursor' : null,
  timezone: 'Asia/Dubai',
});

const managers = { all: true } as const;

describe('patchLogbookPage', () => {
  it('puts a new visit at the top of the first page, counts it, and lets the next page go by number', () => {
    const page = pageOf([visit(3), visit(2), visit(1)], 7);
    const result = patchLogbookPage(page, params(), { visits: [visit(4)], createdIds: [visit(4).id] }, TODAY, managers);
    expect(result!.exact).toBe(true);
    expect(result!.page.data.map((v) => v.id)).toEqual([visit(4).id, visit(3).id, visit(2).id]);
    expect(result!.page.count).toBe(8);
    expect(result!.page.next_cursor).toBeNull();
  });

  it('puts a new arrival above visits expected later, as the server sorts them', () => {
    const later = (n: number) =>
      visit(n, {
        state: 'expected',
        signed_in: null,
        expected: { at: `${TODAY}T20:0${n}:00.000Z`, local: `${TODAY} 23:0${n}` },
      });
    const page = pageOf([later(3), later(2), later(1)], 3);
    const arrival = visit(4);
    const result = patchLogbookPage(page, params(), { visits: [arrival], createdIds: [arrival.id] }, TODAY, managers);
    expect(result!.page.data.map((v) => v.id)).toEqual([arrival.id, later(3).id, later(2).id]);
    expect(result!.page.count).toBe(4);
  });

  it('replaces a visit shown, and works out whether the viewer may change it', () => {
    const page = pageOf([visit(2), visit(1)]);
    const signedOut = visit(1, { state: 'left', created_by: me, can_change: false });
    const mine = patchLogbookPage(page, params(), { visits: [signedOut], createdIds: [] }, TODAY, {
      all: false,
      personId: me,
    });
    expect(mine!.exact).toBe(true);
    expect(mine!.page.data[1]).toMatchObject({ state: 'left', can_change: true });
    expect(mine!.page.count).toBe(2);
    const someone = patchLogbookPage(page, params(), { visits: [signedOut], createdIds: [] }, TODAY, {
      all: false,
      personId: 'someone else',
    });
    expect(someone!.page.data[1]!.can_change).toBe(false);
  });

  it('takes out a visit that left the filter, and says the page must be read again', () => {
    const page = pageOf([visit(2), visit(1)]);
    const result = patchLogbookPage(
      page,
      params({ state: 'on_site' }),
      { visits: [visit(1, { state: 'left' })], createdIds: [] },
      TODAY,
      managers,
    );
    expect(result!.exact).toBe(false);
    expect(result!.page.data.map((v) => v.id)).toEqual([visit(2).id]);
    expect(result!.page.count).toBe(1);
  });

  it('leaves alone visits of other places or days, and keeps a capped count as it is', () => {
    const page = pageOf([visit(2), visit(1)], 10_000, true);
    const elsewhere = visit(5, { site: { id: 'branch', name: 'Branch' } });
    const tomorrow = visit(6, {
      expected: { at: '2026-03-11T08:00:00.000Z', local: '2026-03-11 12:00' },
      signed_in: null,
      state: 'expected',
    });
    const result = patchLogbookPage(
      page,
      params({ site_id: 'hq' }),
      { visits: [elsewhere, tomorrow], createdIds: [elsewhere.id, tomorrow.id] },
      TODAY,
      managers,
    );
    expect(result).toEqual({ page, exact: true });
    const counted = patchLogbookPage(
      page,
      params(),
      { visits: [visit(7)], createdIds: [visit(7).id] },
      TODAY,
      managers,
    );
    expect(counted!.page.count).toBe(10_000);
  });

  it('patches nothing but the first page by activity, newest first, unsearched', () => {
    const page = pageOf([visit(1)]);
    const change = { visits: [visit(2)], createdIds: [visit(2).id] };
    for (const other of [
      params({ page: 2 }),
      params({ cursor: 'c' }),
      params({ sortField: 'name' }),
      params({ orderBy: 'asc' }),
      params({ search: 'ada' }),
      params({ count: 'on_site' }),
    ]) {
      expect(patchLogbookPage(page, other, change, TODAY, managers)).toBeNull();
    }
  });

  it('asks for a read when a visit already in the list, further down, comes up', () => {
    const page = pageOf([visit(3), visit(2), visit(1)], 9);
    const earlier = visit(9, { created_at: `${TODAY}T01:00:00.000Z` });
    const result = patchLogbookPage(page, params(), { visits: [earlier], createdIds: [] }, TODAY, managers);
    expect(result!.exact).toBe(false);
    expect(result!.page.data).toEqual(page.data);
  });
});
