import { describe, expect, it } from 'vitest';
import { autoSignOutAt, autoSignOutDue, checkHealth, dayRange, localDay, localStamp } from './rules';

const checks = { temperature_check: true, mask_check: false, temperature_threshold: 37.5 };
const reason = 'Doctor confirmed it is not a fever';

describe('autoSignOutAt (spec §4 Auto sign-out modes)', () => {
  it('signs out 24 hours after signing in', () => {
    const t = new Date('2026-03-07T22:15:00Z');
    expect(autoSignOutAt(t, 'after_24h', 'Asia/Dubai').toISOString()).toBe('2026-03-08T22:15:00.000Z');
  });

  it("signs out at the first midnight on the company's clock (Dubai, UTC+4)", () => {
    // 21:30 UTC on the 7th is 01:30 on the 8th in Dubai: the next midnight is the 9th 00:00 Dubai.
    expect(autoSignOutAt(new Date('2026-03-07T21:30:00Z'), 'midnight', 'Asia/Dubai').toISOString()).toBe(
      '2026-03-08T20:00:00.000Z',
    );
    // 19:30 UTC is 23:30 Dubai: midnight comes half an hour later.
    expect(autoSignOutAt(new Date('2026-03-07T19:30:00Z'), 'midnight', 'Asia/Dubai').toISOString()).toBe(
      '2026-03-07T20:00:00.000Z',
    );
  });

  it('reads midnight in New York, not in UTC', () => {
    // 02:00 UTC on the 10th is 22:00 on the 9th in New York (EDT, UTC-4).
    expect(autoSignOutAt(new Date('2026-06-10T02:00:00Z'), 'midnight', 'America/New_York').toISOString()).toBe(
      '2026-06-10T04:00:00.000Z',
    );
  });

  it('keeps a sign-in at midnight exactly until the next midnight', () => {
    const midnight = new Date('2026-06-10T04:00:00Z');
    expect(autoSignOutAt(midnight, 'midnight', 'America/New_York').toISOString()).toBe('2026-06-11T04:00:00.000Z');
  });

  it('crosses the night clocks go forward (New York, 8 March 2026) at local midnight', () => {
    // Signed in 20:00 EST on 7 March; midnight is 05:00 UTC (still EST); the day after midnight is EDT.
    expect(autoSignOutAt(new Date('2026-03-08T01:00:00Z'), 'midnight', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    // Signed in 20:00 EDT... on 8 March (00:00 UTC on the 9th): next midnight is 04:00 UTC.
    expect(autoSignOutAt(new Date('2026-03-09T00:00:00Z'), 'midnight', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    // 24 hours is 24 real hours across the change, not a wall-clock day.
    expect(autoSignOutAt(new Date('2026-03-07T15:00:00Z'), 'after_24h', 'America/New_York').toISOString()).toBe(
      '2026-03-08T15:00:00.000Z',
    );
  });

  it('is due at that moment and not a millisecond before', () => {
    const t = new Date('2026-01-01T10:00:00Z');
    const at = autoSignOutAt(t, 'after_24h', 'UTC');
    expect(autoSignOutDue(t, 'after_24h', 'UTC', new Date(at.getTime() - 1))).toBe(false);
    expect(autoSignOutDue(t, 'after_24h', 'UTC', at)).toBe(true);
  });
});

describe("the company's clock", () => {
  it('reads instants and days in the zone', () => {
    expect(localStamp(new Date('2026-03-07T21:30:00Z'), 'Asia/Dubai')).toBe('2026-03-08 01:30');
    expect(localDay(new Date('2026-03-07T21:30:00Z'), 'Asia/Dubai')).toBe('2026-03-08');
    expect(localDay(new Date('2026-03-07T21:30:00Z'), 'America/New_York')).toBe('2026-03-07');
  });

  it('turns a range of days into instants, both days included', () => {
    const r = dayRange('2026-03-08', '2026-03-08', 'America/New_York');
    expect(r.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    // A 23-hour day: the clocks go forward.
    expect(r.end.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});

describe('checkHealth (spec §4 Temperature, §5 override reason)', () => {
  it('takes the default 36 °C when no reading is given', () => {
    expect(checkHealth(checks, {})).toMatchObject({ temperatureC: 36, issues: [], overridden: false });
  });

  it('reads Fahrenheit by the letter, the unit or a value above 85', () => {
    expect(checkHealth(checks, { temperature: { value: '98.6F' } }).temperatureC).toBe(37);
    expect(checkHealth(checks, { temperature: { value: 98.6 } }).temperatureC).toBe(37);
    expect(checkHealth(checks, { temperature: { value: 98.6, unit: 'F' } }).temperatureC).toBe(37);
    expect(checkHealth(checks, { temperature: { value: '37.2' } }).temperatureC).toBe(37.2);
  });

  it('needs an override reason of 20 characters for a reading above the threshold', () => {
    const hot = { temperature: { value: 38.2 } };
    expect(checkHealth(checks, hot).issues).toEqual([
      expect.objectContaining({ field: 'override_reason', key: 'visit_temperature_override_required' }),
    ]);
    expect(checkHealth(checks, { ...hot, overrideReason: 'too short' }).issues).toHaveLength(1);
    expect(checkHealth(checks, { ...hot, overrideReason: reason })).toMatchObject({ issues: [], overridden: true });
    // At the threshold is a pass.
    expect(checkHealth(checks, { temperature: { value: 37.5 } }).issues).toEqual([]);
  });

  it('refuses what is not a temperature', () => {
    expect(checkHealth(checks, { temperature: { value: 'warm' } }).issues[0]?.key).toBe('visit_temperature_invalid');
    expect(checkHealth(checks, { temperature: { value: 12 } }).issues[0]?.key).toBe('visit_temperature_invalid');
  });

  it('needs a mask or an override reason when the flow checks masks', () => {
    const masked = { ...checks, temperature_check: false, mask_check: true };
    expect(checkHealth(masked, { mask: true })).toMatchObject({ mask: true, issues: [] });
    expect(checkHealth(masked, { mask: false }).issues[0]?.key).toBe('visit_mask_override_required');
    expect(checkHealth(masked, {}).issues[0]?.key).toBe('visit_mask_override_required');
    expect(checkHealth(masked, { mask: false, overrideReason: reason })).toMatchObject({
      mask: false,
      issues: [],
      overridden: true,
    });
  });

  it('asks nothing when the flow checks nothing', () => {
    const none = { temperature_check: false, mask_check: false, temperature_threshold: 37.5 };
    expect(checkHealth(none, { temperature: { value: 40 } })).toMatchObject({ temperatureC: null, issues: [] });
  });
});
