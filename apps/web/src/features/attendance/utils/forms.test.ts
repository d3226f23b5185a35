import { describe, expect, it } from 'vitest';
import type { AttendanceMode } from '@app/shared/attendance/schemas';
import { emptyModeForm, modeBody, modeFormValues, validateModeForm } from './mode-form';
import { emptyReasonForm, isWithinAllowance, reasonBody, validateReasonForm } from './reason-form';

// Messages come back as "key|vars" so the tests read which rule spoke and with what.
const t = (key: string, vars: Record<string, string | number> = {}) =>
  `${key}|${Object.entries(vars)
    .map(([k, v]) => `${k}=${v}`)
    .join(',')}`;

const SITE = '0190a0d4-0000-7000-8000-000000000001';
const OTHER_SITE = '0190a0d4-0000-7000-8000-000000000002';

const mode: AttendanceMode = {
  id: '0190a0d4-0000-7000-8000-0000000000aa',
  name: 'Office hours',
  days: [1, 2, 3, 4, 5],
  start_time: '09:00',
  end_time: '17:30',
  late_sign_in_minutes: 10,
  early_sign_out_minutes: 0,
  sites: [
    { id: SITE, name: 'Head office' },
    { id: OTHER_SITE, name: 'Depot' },
  ],
  reasons: [
    {
      id: 'r1',
      attendance_mode_id: 'm',
      name: 'Traffic',
      type: 'late_sign_in',
      start_time: '09:00',
      end_time: '09:30',
      duration_minutes: 30,
      attendance_code: 'LT',
    },
    {
      id: 'r2',
      attendance_mode_id: 'm',
      name: 'Family emergency',
      type: 'early_sign_out',
      start_time: '15:00',
      end_time: '17:00',
      duration_minutes: 120,
      attendance_code: null,
    },
  ],
  journeys: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('the mode form', () => {
  it('edits only the admin’s own sites and sends times as HH:MM, empty allowances as 0', () => {
    const values = modeFormValues(mode, new Set([SITE]));
    expect(values.site_ids).toEqual([SITE]);
    expect(modeBody({ ...values, end_time: '18:00:00', early_sign_out_minutes: '' })).toMatchObject({
      end_time: '18:00',
      early_sign_out_minutes: 0,
      late_sign_in_minutes: 10,
    });
  });

  it('says what the server would: backwards hours, and hours that leave reasons out', () => {
    const values = { ...emptyModeForm([SITE]), name: 'Office hours', start_time: '09:00', end_time: '16:00' };
    expect(validateModeForm(values, mode.reasons, t)).toEqual({
      end_time:
        'errors:attendance_hours_exclude_reasons|names=“Family emergency”,count=1,field=errors:fields.end_time|',
    });
    expect(validateModeForm({ ...values, end_time: '08:00' }, [], t)).toMatchObject({
      end_time: 'errors:attendance_end_before_start|field=errors:fields.end_time|',
    });
    expect(validateModeForm({ ...values, site_ids: [], days: [] }, [], t)).toMatchObject({
      site_ids: expect.stringContaining('attendance_sites_required'),
      days: expect.stringContaining('attendance_days_required'),
    });
  });
});

describe('the reason form', () => {
  it('checks name, duration, range and overlap against the mode’s reasons', () => {
    const values = { ...emptyReasonForm(mode), name: 'Bus', start_time: '09:15', duration_minutes: 30 };
    expect(validateReasonForm(values, mode, null, t)).toEqual({
      start_time: 'errors:attendance_reason_overlap|name=Traffic,start=09:00,end=09:30,field=errors:fields.start_time|',
    });
    expect(validateReasonForm({ ...values, start_time: '09:30' }, mode, null, t)).toEqual({});
    expect(validateReasonForm({ ...values, name: 'traffic', start_time: '10:00' }, mode, null, t)).toEqual({
      name: 'errors:attendance_reason_name_taken|',
    });
    // The reason itself does not clash with its saved self.
    expect(
      validateReasonForm({ ...values, name: 'Traffic', start_time: '09:00', duration_minutes: 45 }, mode, 'r1', t),
    ).toEqual({});
    expect(validateReasonForm({ ...values, duration_minutes: 0 }, mode, null, t).duration_minutes).toContain(
      'too_small',
    );
    expect(validateReasonForm({ ...values, duration_minutes: '' }, mode, null, t).duration_minutes).toContain(
      'required',
    );
    expect(validateReasonForm({ ...values, name: 'x'.repeat(21) }, mode, null, t).name).toContain('too_long');
    expect(
      validateReasonForm(
        { ...values, type: 'early_sign_out', start_time: '17:00', duration_minutes: 31 },
        mode,
        null,
        t,
      ),
    ).toMatchObject({ duration_minutes: expect.stringContaining('attendance_reason_past_mode_end') });
    expect(reasonBody({ ...values, attendance_code: '  ' }).attendance_code).toBe('  ');
  });

  it('knows a reason the allowance always covers is never asked', () => {
    expect(isWithinAllowance({ type: 'late_sign_in', start_time: '09:00', duration_minutes: 11 }, mode)).toBe(true);
    expect(isWithinAllowance({ type: 'late_sign_in', start_time: '09:00', duration_minutes: 12 }, mode)).toBe(false);
    expect(isWithinAllowance({ type: 'early_sign_out', start_time: '17:00', duration_minutes: 30 }, mode)).toBe(false);
    expect(
      isWithinAllowance(
        { type: 'early_sign_out', start_time: '17:00', duration_minutes: 30 },
        { ...mode, early_sign_out_minutes: 30 },
      ),
    ).toBe(true);
  });
});
