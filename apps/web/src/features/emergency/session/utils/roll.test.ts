import { describe, expect, it } from 'vitest';
import type { RollEntry } from '@app/shared/emergency/schemas';
import { countRoll, filterRoll, groupByArea, isOverdue, mergeEntries, withWaitingMarks } from './roll';

const site = { id: '00000000-0000-4000-8000-00000000000a', name: 'HQ' };
const lobby = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Lobby' };
const lab = { id: '00000000-0000-4000-8000-0000000000a2', name: 'Lab' };

const entry = (id: string, name: string, over: Partial<RollEntry> = {}): RollEntry => ({
  id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
  person_id: null,
  full_name: name,
  photo_url: null,
  phone: null,
  company_name: null,
  user_type: null,
  site,
  area: lobby,
  status: 'not_present',
  source: 'start',
  marked_at: { at: '2026-11-27T09:00:00.000Z', local: '2026-11-27 09:00' },
  marked_by: null,
  signed_in: null,
  version: 1,
  ...over,
});

describe('the roll on the session page', () => {
  it('keeps the copy of each entry with the highest version, whatever order they arrive in', () => {
    const ana = entry('1', 'Ana');
    const ben = entry('2', 'Ben');
    const roll = [ana, ben];
    const marked = { ...ana, status: 'present' as const, version: 3 };
    const late = { ...ana, status: 'out' as const, version: 2 };
    const after = mergeEntries(mergeEntries(roll, [marked]), [late]);
    expect(after.map((e) => [e.full_name, e.status, e.version])).toEqual([
      ['Ana', 'present', 3],
      ['Ben', 'not_present', 1],
    ]);
    // Nothing newer: the same array (nothing redraws).
    expect(mergeEntries(after, [late])).toBe(after);
    // Someone added at the muster point joins the roll in name order.
    const added = entry('3', 'Aaron', { status: 'present', source: 'added' });
    expect(mergeEntries(after, [added]).map((e) => e.full_name)).toEqual(['Aaron', 'Ana', 'Ben']);
  });

  it("lays this browser's waiting marks over the roll, unless a later mark is already on the server", () => {
    const ana = entry('1', 'Ana');
    const ben = entry('2', 'Ben', {
      marked_at: { at: '2026-11-27T09:10:00.000Z', local: '2026-11-27 09:10' },
      version: 2,
    });
    const queue = [
      { client_id: 'c1', roll_id: ana.id, status: 'out' as const, marked_at: '2026-11-27T09:05:00.000Z' },
      { client_id: 'c2', roll_id: ana.id, status: 'present' as const, marked_at: '2026-11-27T09:06:00.000Z' },
      { client_id: 'c3', roll_id: ben.id, status: 'present' as const, marked_at: '2026-11-27T09:07:00.000Z' },
    ];
    const shown = withWaitingMarks([ana, ben], queue, 'Wendy Warden');
    expect(shown[0]).toMatchObject({ status: 'present', waiting: true, marked_by: 'Wendy Warden', source: 'warden' });
    // Ben was marked on the server at 09:10, after the tap at 09:07: the server's mark wins.
    expect(shown[1]).toMatchObject({ status: 'not_present', waiting: false });
    expect(countRoll(shown)).toEqual({ total: 2, present: 1, not_present: 1, out: 0 });
  });

  it('filters by status and by words of the name, company or area, and groups by area', () => {
    const roll = [
      entry('1', 'Ana Álvarez', { company_name: 'Northwind' }),
      entry('2', 'Ben Bright', { status: 'present', area: lab }),
      entry('3', 'Cleo', { status: 'out', area: null, site: null }),
    ];
    expect(filterRoll(roll, 'missing', '').map((e) => e.full_name)).toEqual(['Ana Álvarez']);
    expect(filterRoll(roll, 'all', 'alvarez north').map((e) => e.full_name)).toEqual(['Ana Álvarez']);
    expect(filterRoll(roll, 'all', 'lab').map((e) => e.full_name)).toEqual(['Ben Bright']);
    expect(filterRoll(roll, 'present', 'ana')).toEqual([]);
    const groups = groupByArea(roll);
    expect(groups.map((g) => [g.area, g.entries.length, g.missing])).toEqual([
      ['Lab', 1, 0],
      ['Lobby', 1, 1],
      [null, 1, 0],
    ]);
  });

  it('highlights people still missing after the session’s minutes', () => {
    const start = '2026-11-27T09:00:00.000Z';
    const at = (minutes: number) => Date.parse(start) + minutes * 60_000;
    expect(isOverdue({ status: 'not_present' }, start, 5, at(4.9))).toBe(false);
    expect(isOverdue({ status: 'not_present' }, start, 5, at(5))).toBe(true);
    expect(isOverdue({ status: 'present' }, start, 5, at(50))).toBe(false);
  });
});
