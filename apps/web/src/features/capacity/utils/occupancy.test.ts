import { describe, expect, it } from 'vitest';
import type { Occupancy, SiteOccupancy } from '@app/shared/capacity/schemas';
import { approvalsWaiting, filledPercent, occupancyRows, occupancyShown } from './occupancy';

const id = (n: number) => `0190a8c4-0000-7000-8000-${String(n).padStart(12, '0')}`;

const place = (n: number, name: string, capacity: number | null, daily: number | null = null) => ({
  id: id(n),
  name,
  on_site: 0,
  capacity,
  level: capacity === null ? null : ('low' as const),
  visitors_today: 0,
  daily_visitor_limit: daily,
  daily_level: daily === null ? null : ('low' as const),
});

const site = (n: number, name: string, capacity: number | null, areas: SiteOccupancy['areas'] = []): SiteOccupancy => ({
  ...place(n, name, capacity),
  areas,
});

const area = (n: number, name: string, capacity: number | null, daily: number | null = null) => ({
  ...place(n, name, capacity, daily),
  login_mode: 'signIn_signOut' as const,
});

const occupancy = (sites: SiteOccupancy[], over: Occupancy['over_capacity'] = 'refuse', waiting = 0): Occupancy => ({
  date: '2026-12-06',
  timezone: 'Europe/London',
  over_capacity: over,
  nearing_percent: 80,
  sites,
  waiting_approvals: waiting,
});

describe('the occupancy card', () => {
  it('shows nothing where no place has a limit and nobody waits', () => {
    const none = occupancy([site(1, 'HQ', null, [area(2, 'Lobby', null)])]);
    expect(occupancyRows(none)).toEqual([]);
    expect(occupancyShown(none)).toBe(false);
    // People waiting from before the limits were removed are still shown, where approval is asked.
    expect(occupancyShown({ ...none, over_capacity: 'approval', waiting_approvals: 1 })).toBe(true);
    expect(approvalsWaiting({ ...none, over_capacity: 'refuse', waiting_approvals: 1 })).toBe(false);
  });

  it('lists each limited site, then its limited areas; a site heads its limited areas', () => {
    const rows = occupancyRows(
      occupancy([
        site(1, 'HQ', 40, [area(2, 'Lobby', null), area(3, 'Lab', 10)]),
        site(4, 'Depot', null, [area(5, 'Gate', null, 50)]),
        site(6, 'Annex', null, [area(7, 'Hall', null)]),
      ]),
    );
    expect(rows.map((row) => [row.kind, row.place.name])).toEqual([
      ['site', 'HQ'],
      ['area', 'Lab'],
      ['site', 'Depot'],
      ['area', 'Gate'],
    ]);
  });

  it('fills a bar by the count’s share of the limit, never past full', () => {
    expect(filledPercent(0, 40)).toBe(0);
    expect(filledPercent(12, 40)).toBe(30);
    expect(filledPercent(2, 2)).toBe(100);
    expect(filledPercent(3, 2)).toBe(100);
  });
});
