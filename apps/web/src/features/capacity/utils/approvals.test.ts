import { describe, expect, it } from 'vitest';
import type { CapacityApproval } from '@app/shared/capacity/schemas';
import { askedAt, fullPlaceName, wayLabel } from './approvals';

const id = (n: number) => `0190a8c4-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('a request waiting for approval', () => {
  const approval = (full: 'site' | 'area'): CapacityApproval => ({
    id: id(9),
    person: { id: id(10), name: 'Ana Díaz' },
    site: { id: id(1), name: 'HQ' },
    area: { id: id(2), name: 'Lobby' },
    full_place: full,
    reason: 'capacity',
    day: '2026-12-06',
    state: 'waiting',
    asked_at: '2026-12-06T09:05:00.000Z',
    asked_way: 'kiosk',
    decided_by: null,
    decided_at: null,
  });

  it('names the place that was full', () => {
    expect(fullPlaceName(approval('site'))).toBe('HQ');
    expect(fullPlaceName(approval('area'))).toBe('Lobby');
  });

  it('says how the person tried to come in, and a way it does not know as another one', () => {
    const t = (key: string) => key;
    expect(wayLabel('kiosk', t)).toBe('capacity:approvals.ways.kiosk');
    // The server names a sign-in at the front desk's dashboard `desk`.
    expect(wayLabel('desk', t)).toBe('capacity:approvals.ways.dashboard');
    expect(wayLabel('dashboard', t)).toBe('capacity:approvals.ways.dashboard');
    expect(wayLabel('fax', t)).toBe('capacity:approvals.way_unknown');
    expect(wayLabel('constructor', t)).toBe('capacity:approvals.way_unknown');
  });

  it('says when: the time alone on the same day', () => {
    const asked = new Date(2026, 11, 6, 9, 5);
    expect(askedAt(asked.toISOString(), new Date(2026, 11, 6, 18, 0))).toBe('09:05');
    expect(askedAt(asked.toISOString(), new Date(2026, 11, 7, 8, 0))).toBe('06/12/2026 09:05');
    expect(askedAt('not a time')).toBe('not a time');
  });
});
