import { describe, expect, it } from 'vitest';
import {
  checkAllowances,
  checkHoursKeepReasons,
  checkModeHours,
  checkReasonRange,
  isReasonNameTaken,
  minutesToTime,
  reasonEndTime,
  reasonsOutsideHours,
  timeToMinutes,
  type ReasonRange,
} from './reason-ranges';

const office = { start_time: '09:00', end_time: '17:30' };
const traffic: ReasonRange = {
  id: 'r1',
  name: 'Traffic',
  type: 'late_sign_in',
  start_time: '09:00',
  duration_minutes: 30,
};
const medical: ReasonRange = {
  id: 'r2',
  name: 'Medical appointment',
  type: 'late_sign_in',
  start_time: '09:30',
  duration_minutes: 120,
};
const family: ReasonRange = {
  id: 'r3',
  name: 'Family emergency',
  type: 'early_sign_out',
  start_time: '15:00',
  duration_minutes: 120,
};

describe('times', () => {
  it('reads and writes wall-clock times in minutes', () => {
    expect(timeToMinutes('09:30')).toBe(570);
    expect(timeToMinutes('17:30:00')).toBe(1050);
    expect(minutesToTime(570)).toBe('09:30');
    expect(minutesToTime(1440)).toBe('24:00');
    expect(reasonEndTime(medical)).toBe('11:30');
  });
});

describe('mode hours and allowances', () => {
  it('needs the end after the start', () => {
    expect(checkModeHours(office)).toBeNull();
    expect(checkModeHours({ start_time: '17:00', end_time: '09:00' })).toMatchObject({ field: 'end_time' });
    expect(checkModeHours({ start_time: '09:00', end_time: '09:00' })).toMatchObject({ field: 'end_time' });
  });

  it('keeps each allowance shorter than the hours', () => {
    const short = { start_time: '09:00', end_time: '10:00' };
    expect(checkAllowances(short, { late_sign_in_minutes: 59, early_sign_out_minutes: 0 })).toBeNull();
    expect(checkAllowances(short, { late_sign_in_minutes: 60, early_sign_out_minutes: 0 })).toMatchObject({
      field: 'late_sign_in_minutes',
      vars: { minutes: 60 },
    });
    expect(checkAllowances(short, { late_sign_in_minutes: 0, early_sign_out_minutes: 90 })).toMatchObject({
      field: 'early_sign_out_minutes',
    });
  });
});

describe('a reason’s range', () => {
  it('lies inside the mode, ending at its end at the latest', () => {
    expect(checkReasonRange(traffic, office, [])).toBeNull();
    expect(checkReasonRange({ ...family, start_time: '16:30', duration_minutes: 60 }, office, [])).toBeNull();
    expect(checkReasonRange({ ...traffic, start_time: '08:59' }, office, [])).toMatchObject({
      field: 'start_time',
      key: 'attendance_reason_outside_mode',
    });
    expect(checkReasonRange({ ...traffic, start_time: '17:30', duration_minutes: 1 }, office, [])).toMatchObject({
      field: 'start_time',
    });
    expect(checkReasonRange({ ...family, start_time: '16:30', duration_minutes: 61 }, office, [])).toEqual({
      field: 'duration_minutes',
      key: 'attendance_reason_past_mode_end',
      vars: { end: '17:30', max: 60 },
    });
  });

  it('does not overlap another reason of the same type; touching ends are fine', () => {
    const siblings = [traffic, medical, family];
    // 09:15–09:45 shares minutes with Traffic (09:00–09:30) and Medical (09:30–11:30): the first is named.
    expect(
      checkReasonRange(
        { name: 'Bus', type: 'late_sign_in', start_time: '09:15', duration_minutes: 30 },
        office,
        siblings,
      ),
    ).toEqual({
      field: 'start_time',
      key: 'attendance_reason_overlap',
      vars: { name: 'Traffic', start: '09:00', end: '09:30' },
    });
    expect(
      checkReasonRange(
        { name: 'Train', type: 'late_sign_in', start_time: '11:30', duration_minutes: 30 },
        office,
        siblings,
      ),
    ).toBeNull();
    // Another type may share the time: it is asked at the other action.
    expect(
      checkReasonRange(
        { name: 'School run', type: 'early_sign_out', start_time: '09:00', duration_minutes: 60 },
        office,
        siblings,
      ),
    ).toBeNull();
    expect(
      checkReasonRange(
        { name: 'Doctor', type: 'early_sign_out', start_time: '16:59', duration_minutes: 1 },
        office,
        siblings,
      ),
    ).toMatchObject({ key: 'attendance_reason_overlap', vars: { name: 'Family emergency' } });
  });

  it('is checked against the others when a saved reason moves, not against itself', () => {
    expect(checkReasonRange({ ...medical, start_time: '10:00' }, office, [traffic, medical])).toBeNull();
    expect(checkReasonRange({ ...medical, start_time: '09:10' }, office, [traffic, medical])).toMatchObject({
      vars: { name: 'Traffic' },
    });
  });
});

describe('names and hours changes', () => {
  it('finds a name taken in any case, except by the reason itself', () => {
    expect(isReasonNameTaken('TRAFFIC ', [traffic, medical])).toBe(true);
    expect(isReasonNameTaken('Traffic', [traffic], 'r1')).toBe(false);
    expect(isReasonNameTaken('Snow', [traffic])).toBe(false);
  });

  it('names the reasons new hours would leave outside', () => {
    const reasons = [family, medical, traffic];
    expect(checkHoursKeepReasons({ start_time: '08:00', end_time: '18:00' }, reasons)).toBeNull();
    expect(reasonsOutsideHours({ start_time: '09:45', end_time: '16:00' }, reasons).map((r) => r.name)).toEqual([
      'Traffic',
      'Medical appointment',
      'Family emergency',
    ]);
    expect(checkHoursKeepReasons({ start_time: '09:00', end_time: '16:00' }, reasons)).toEqual({
      field: 'end_time',
      key: 'attendance_hours_exclude_reasons',
      vars: { names: '“Family emergency”', count: 1 },
    });
    expect(checkHoursKeepReasons({ start_time: '10:00', end_time: '17:30' }, reasons)).toMatchObject({
      field: 'start_time',
      vars: { names: '“Traffic”, “Medical appointment”', count: 2 },
    });
  });
});
