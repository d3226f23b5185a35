import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '@app/shared/emergency/schemas';
import { defaultGridState, type GridFilters, type GridQueryInput } from '@/components/data-grid/grid-state';
import {
  accountedFor,
  accountedPercent,
  durationParts,
  placesSummary,
  sessionKindOf,
  sessionMinutes,
  sessionsQuery,
} from './sessions-query';

const state = defaultGridState({ columns: [], defaultSorting: [], filterKeys: ['kind'] });
const grid = (kind: string | undefined, pageIndex = 0, search = ''): GridQueryInput => {
  const filters: GridFilters = kind === undefined ? {} : { kind };
  return { state: { ...state, filters }, pageIndex, search };
};

describe('the sessions history query', () => {
  it('asks for ended sessions of the chosen kind, page by page', () => {
    expect(sessionsQuery(grid(undefined))).toEqual({ page: 1, limit: state.pageSize, status: 'ended' });
    expect(sessionsQuery(grid('drill', 2))).toEqual({ page: 3, limit: state.pageSize, status: 'ended', drill: 'true' });
    expect(sessionsQuery(grid('real', 0, 'fire'))).toMatchObject({ drill: 'false', search: 'fire' });
  });

  it('reads an unknown saved kind as all', () => {
    expect(sessionKindOf('bogus')).toBe('all');
    expect(sessionKindOf(['drill'])).toBe('all');
    expect(sessionKindOf('real')).toBe('real');
  });
});

describe('what a session card shows', () => {
  it('counts present and out as accounted for', () => {
    const counts = { total: 8, present: 3, not_present: 3, out: 2 };
    expect(accountedFor(counts)).toBe(5);
    expect(accountedPercent(counts)).toBe(62);
    expect(accountedPercent({ total: 0, present: 0, not_present: 0, out: 0 })).toBe(100);
  });

  it('measures how long a session ran, until now while it runs', () => {
    const started_at = { at: '2026-11-27T10:00:00Z', local: '2026-11-27 11:00' };
    expect(sessionMinutes({ started_at, ended_at: { at: '2026-11-27T10:12:20Z', local: '' } })).toBe(12);
    expect(sessionMinutes({ started_at, ended_at: null }, Date.parse('2026-11-27T10:03:00Z'))).toBe(3);
    expect(sessionMinutes({ started_at, ended_at: null }, Date.parse('2026-11-27T09:00:00Z'))).toBe(0);
  });

  it('says a duration in minutes under an hour, in hours and minutes after', () => {
    expect(durationParts(0)).toEqual({ key: 'minutes', hours: 0, minutes: 0 });
    expect(durationParts(59)).toEqual({ key: 'minutes', hours: 0, minutes: 59 });
    expect(durationParts(125)).toEqual({ key: 'hours', hours: 2, minutes: 5 });
  });

  it('names a few areas and says how many more', () => {
    const areas = ['A', 'B', 'C', 'D', 'E'].map((name, i) => ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      name,
      site_id: '00000000-0000-4000-8000-000000000010',
    })) as SessionSummary['areas'];
    expect(placesSummary({ areas })).toEqual({ names: ['A', 'B', 'C'], more: 2 });
    expect(placesSummary({ areas: areas.slice(0, 2) })).toEqual({ names: ['A', 'B'], more: 0 });
  });
});
