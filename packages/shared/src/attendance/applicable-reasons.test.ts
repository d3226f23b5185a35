import { describe, expect, it } from 'vitest';
import { applicableReasons, isOffSchedule, localMoment, type ModeForReasons } from './applicable-reasons';
import type { ReasonRange } from './reason-ranges';

type R = ReasonRange & { id: string };

const office: ModeForReasons<R> = {
  id: 'office',
  days: [1, 2, 3, 4, 5],
  start_time: '09:00',
  end_time: '17:30',
  late_sign_in_minutes: 10,
  early_sign_out_minutes: 0,
  reasons: [
    { id: 'traffic', name: 'Traffic', type: 'late_sign_in', start_time: '09:00', duration_minutes: 30 },
    { id: 'medical', name: 'Medical appointment', type: 'late_sign_in', start_time: '09:30', duration_minutes: 120 },
    { id: 'family', name: 'Family emergency', type: 'early_sign_out', start_time: '15:00', duration_minutes: 120 },
  ],
};

const monday = (time: string) => ({ weekday: 1 as const, time });

describe('which reasons apply', () => {
  it('asks a late sign-in reason when signing in late, preselecting the only one', () => {
    const result = applicableReasons([office], 'sign_in', monday('09:20'));
    expect(result.type).toBe('late_sign_in');
    expect(result.reasons.map((r) => r.id)).toEqual(['traffic']);
    expect(result.reasons[0]!.attendance_mode_id).toBe('office');
    expect(result.preselected_id).toBe('traffic');
    // A range holds its start and not its end.
    expect(applicableReasons([office], 'sign_in', monday('09:30')).preselected_id).toBe('medical');
    expect(applicableReasons([office], 'sign_in', monday('11:29')).preselected_id).toBe('medical');
    expect(applicableReasons([office], 'sign_in', monday('11:30')).reasons).toEqual([]);
  });

  it('asks nothing within the late allowance, before the start, or on a day off', () => {
    expect(applicableReasons([office], 'sign_in', monday('09:10')).reasons).toEqual([]);
    expect(applicableReasons([office], 'sign_in', monday('08:45')).reasons).toEqual([]);
    expect(applicableReasons([office], 'sign_in', { weekday: 6, time: '09:20' }).reasons).toEqual([]);
    expect(applicableReasons([office], 'sign_in', monday('09:11')).preselected_id).toBe('traffic');
  });

  it('asks an early sign-out reason when signing out early, never a late one', () => {
    const result = applicableReasons([office], 'sign_out', monday('16:00'));
    expect(result.type).toBe('early_sign_out');
    expect(result.reasons.map((r) => r.id)).toEqual(['family']);
    expect(applicableReasons([office], 'sign_out', monday('09:20')).reasons).toEqual([]);
    expect(applicableReasons([office], 'sign_out', monday('17:30')).reasons).toEqual([]);
  });

  it('honours the early sign-out allowance', () => {
    const lenient = { ...office, early_sign_out_minutes: 45 };
    expect(applicableReasons([lenient], 'sign_out', monday('16:44')).preselected_id).toBe('family');
    expect(applicableReasons([lenient], 'sign_out', monday('16:45')).reasons).toEqual([]);
  });

  it('lets the person pick when several of their modes give a reason', () => {
    const site: ModeForReasons<R> = {
      ...office,
      id: 'site',
      late_sign_in_minutes: 0,
      reasons: [{ id: 'weather', name: 'Weather', type: 'late_sign_in', start_time: '09:00', duration_minutes: 60 }],
    };
    const result = applicableReasons([office, site], 'sign_in', monday('09:15'));
    expect(result.reasons.map((r) => [r.id, r.attendance_mode_id])).toEqual([
      ['traffic', 'office'],
      ['weather', 'site'],
    ]);
    expect(result.preselected_id).toBeNull();
  });

  it('knows when a moment is off schedule at all', () => {
    expect(isOffSchedule(office, 'sign_in', monday('09:10'))).toBe(false);
    expect(isOffSchedule(office, 'sign_in', monday('09:11'))).toBe(true);
    expect(isOffSchedule(office, 'sign_out', monday('17:29'))).toBe(true);
    expect(isOffSchedule(office, 'sign_out', { weekday: 7, time: '12:00' })).toBe(false);
  });
});

describe('the company’s wall clock', () => {
  it('reads an instant in the company’s time zone, across midnight and daylight saving', () => {
    expect(localMoment(new Date('2026-03-02T05:20:00Z'), 'Asia/Dubai')).toEqual({
      date: '2026-03-02',
      weekday: 1,
      time: '09:20',
    });
    // Sunday 23:30 UTC is already Monday in Dubai.
    expect(localMoment(new Date('2026-03-01T23:30:00Z'), 'Asia/Dubai')).toMatchObject({ weekday: 1, time: '03:30' });
    // Madrid: UTC+1 in winter, UTC+2 from 29 March 2026.
    expect(localMoment(new Date('2026-03-27T08:20:00Z'), 'Europe/Madrid').time).toBe('09:20');
    expect(localMoment(new Date('2026-03-30T08:20:00Z'), 'Europe/Madrid').time).toBe('10:20');
    expect(localMoment(new Date('2026-03-30T00:00:00Z'), 'UTC')).toMatchObject({ weekday: 1, time: '00:00' });
  });
});
