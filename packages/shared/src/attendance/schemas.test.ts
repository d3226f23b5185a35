import { describe, expect, it } from 'vitest';
import {
  applicableReasonsQuerySchema,
  attendanceModeBodySchema,
  attendanceReasonBodySchema,
  bulkAttendanceCodeBodySchema,
} from './schemas';

const SITE = '0190a0d4-0000-7000-8000-000000000001';

const mode = {
  name: 'Office hours',
  site_ids: [SITE],
  days: [5, 1, 2, 3, 4, 1],
  start_time: '09:00',
  end_time: '17:30:00',
};

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('attendance mode body', () => {
  it('reads days once each in order, times as HH:MM and allowances defaulting to 0', () => {
    expect(attendanceModeBodySchema.parse(mode)).toEqual({
      ...mode,
      days: [1, 2, 3, 4, 5],
      end_time: '17:30',
      late_sign_in_minutes: 0,
      early_sign_out_minutes: 0,
    });
  });

  it('refuses no days, no sites, a bad time, hours backwards and an allowance as long as the hours', () => {
    expect(messages(attendanceModeBodySchema.safeParse({ ...mode, days: [], site_ids: [] }))).toMatchObject({
      days: 'attendance_days_required',
      site_ids: 'attendance_sites_required',
    });
    expect(messages(attendanceModeBodySchema.safeParse({ ...mode, start_time: '9am' }))).toMatchObject({
      start_time: 'attendance_time_format',
    });
    expect(messages(attendanceModeBodySchema.safeParse({ ...mode, start_time: '09:00:30' }))).toMatchObject({
      start_time: 'attendance_time_format',
    });
    expect(messages(attendanceModeBodySchema.safeParse({ ...mode, end_time: '08:00' }))).toEqual({
      end_time: 'attendance_end_before_start',
    });
    expect(messages(attendanceModeBodySchema.safeParse({ ...mode, late_sign_in_minutes: 510 }))).toEqual({
      late_sign_in_minutes: 'attendance_allowance_too_long',
    });
    expect(attendanceModeBodySchema.safeParse({ ...mode, days: [0] }).success).toBe(false);
    expect(attendanceModeBodySchema.safeParse({ ...mode, days: [8] }).success).toBe(false);
  });
});

describe('reason body', () => {
  const reason = { name: 'Traffic', type: 'late_sign_in', start_time: '09:00', duration_minutes: 30 };

  it('keeps names to 20 characters and durations to at least a minute', () => {
    expect(attendanceReasonBodySchema.parse({ ...reason, attendance_code: ' LT ' }).attendance_code).toBe('LT');
    expect(attendanceReasonBodySchema.parse({ ...reason, attendance_code: '  ' }).attendance_code).toBeNull();
    expect(attendanceReasonBodySchema.parse(reason).attendance_code).toBeNull();
    expect(attendanceReasonBodySchema.safeParse({ ...reason, name: 'x'.repeat(20) }).success).toBe(true);
    expect(attendanceReasonBodySchema.safeParse({ ...reason, name: 'x'.repeat(21) }).success).toBe(false);
    expect(attendanceReasonBodySchema.safeParse({ ...reason, duration_minutes: 1 }).success).toBe(true);
    expect(attendanceReasonBodySchema.safeParse({ ...reason, duration_minutes: 0 }).success).toBe(false);
    expect(attendanceReasonBodySchema.safeParse({ ...reason, duration_minutes: 1.5 }).success).toBe(false);
    expect(attendanceReasonBodySchema.safeParse({ ...reason, type: 'absent' }).success).toBe(false);
  });

  it('takes each reason once in a bulk code change', () => {
    expect(bulkAttendanceCodeBodySchema.parse({ reason_ids: [SITE, SITE], attendance_code: 'M' })).toEqual({
      reason_ids: [SITE],
      attendance_code: 'M',
    });
  });
});

describe('which-reasons query', () => {
  it('takes modes repeated or comma separated and a moment with its offset', () => {
    const parsed = applicableReasonsQuerySchema.parse({
      attendance_mode_ids: `${SITE},${SITE}`,
      action: 'sign_in',
      at: '2026-03-02T09:20:00+04:00',
    });
    expect(parsed.attendance_mode_ids).toHaveLength(2);
    expect(applicableReasonsQuerySchema.safeParse({ attendance_mode_ids: SITE, action: 'leave' }).success).toBe(false);
    expect(
      applicableReasonsQuerySchema.safeParse({ attendance_mode_ids: SITE, action: 'sign_out', at: 'tomorrow' }).success,
    ).toBe(false);
  });
});
