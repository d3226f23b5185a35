import { describe, expect, it } from 'vitest';
import type { PrivacyRun, PrivacyUserType } from '@app/shared/people/privacy';
import { tPrivacy as t } from './privacy-translate.fixture';
import {
  companyDateTime,
  deleteNowRefusal,
  deletionSentences,
  deletionToast,
  describeRetention,
  retentionSource,
  scheduleTexts,
} from './retention';

const retention = (data: number | null, scans: number | null) => ({
  data_retention_days: data,
  scans_retention_days: scans,
});

const type = (over: Partial<PrivacyUserType> = {}): PrivacyUserType => ({
  id: '0190a0b0-0000-7000-8000-000000000001',
  name: 'Visitors',
  custom: false,
  own: retention(null, null),
  effective: retention(30, 90),
  people: 12,
  ...over,
});

const run = (people: number, visits: number): PrivacyRun => ({
  id: '0190a0b0-0000-7000-8000-000000000002',
  trigger: 'delete_now',
  scope: 'both',
  status: 'done',
  user_type: { id: type().id, name: 'Visitors' },
  people_erased: people,
  visits_anonymised: visits,
  requested_by: 'Ada Admin',
  started_at: '2026-01-15T10:00:00.000Z',
  finished_at: '2026-01-15T10:00:01.000Z',
});

describe('describing a retention', () => {
  it("says a type's own days, the company default's, or that it is kept for ever", () => {
    const own = type({ custom: true, own: retention(7, 1), effective: retention(7, 1) });
    expect(describeRetention(retentionSource(own, 'data'), t)).toBe('7 days');
    expect(describeRetention(retentionSource(own, 'scans'), t)).toBe('1 day');
    expect(describeRetention(retentionSource(type(), 'data'), t)).toBe('Company default: 30 days');
    expect(describeRetention(retentionSource(type(), 'scans'), t)).toBe('Company default: 90 days');
    const forever = type({ effective: retention(null, null) });
    expect(describeRetention(retentionSource(forever, 'data'), t)).toBe('Kept for ever');
  });
});

describe('Delete now', () => {
  it('says exactly what each scope deletes, with the days that apply', () => {
    expect(deletionSentences(type(), 'data', t)).toEqual([
      'Personal data of Visitors people with no visit in the last 30 days is erased.',
    ]);
    expect(deletionSentences(type(), 'scans', t)).toEqual(['Visitors scans older than 90 days are anonymised.']);
    expect(deletionSentences(type(), 'both', t)).toHaveLength(2);
  });

  it('is refused, with the reason, for a part kept for ever', () => {
    const noData = type({ effective: retention(null, 90) });
    expect(deleteNowRefusal(noData, 'scans', t)).toBeNull();
    expect(deleteNowRefusal(noData, 'data', t)).toBe(
      'Personal data is kept for ever: give this type a data retention first.',
    );
    expect(deleteNowRefusal(noData, 'both', t)).toBe(deleteNowRefusal(noData, 'data', t));
    expect(deleteNowRefusal(type({ effective: retention(null, null) }), 'both', t)).toBe(
      'Data and scans are kept for ever: give this type a retention first.',
    );
    expect(deleteNowRefusal(type(), 'both', t)).toBeNull();
  });

  it("reports the spec's toast for the scope, then what was done", () => {
    expect(deletionToast('Visitors', 'data', run(1, 4), t)).toBe(
      'Visitors Data Deleted: 1 person erased, 4 visits anonymised.',
    );
    expect(deletionToast('Visitors', 'scans', run(0, 1), t)).toBe(
      'Visitors Scans Deleted: 0 people erased, 1 visit anonymised.',
    );
    expect(deletionToast('Visitors', 'both', run(2, 0), t)).toBe(
      'Visitors Data & Scans Deleted: 2 people erased, 0 visits anonymised.',
    );
  });
});

describe('the nightly job', () => {
  it("runs at the spec's hour on the company's clock, and the next run is told on that clock", () => {
    const texts = scheduleTexts({ timezone: 'Europe/London', next_run_at: '2026-07-16T01:00:00.000Z' }, t);
    // Each reading is isolated, so it reads left to right inside an Arabic sentence too.
    const plain = (text: string) => text.replace(/[\u2066\u2069]/g, '');
    expect(plain(texts.schedule)).toBe('Every night at 02:00 (Europe/London)');
    expect(plain(texts.next)).toBe('Next run: 16/07/2026 02:00');
    expect(texts.next).toBe('Next run: \u206616/07/2026 02:00\u2069');
  });

  it('writes a moment as DD/MM/YYYY HH:mm in the company time zone, and nothing for a non-moment', () => {
    expect(companyDateTime('2026-01-15T23:30:00.000Z', 'Asia/Dubai')).toBe('16/01/2026 03:30');
    expect(companyDateTime('not a date', 'UTC')).toBe('');
  });
});
