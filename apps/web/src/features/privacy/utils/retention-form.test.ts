import { describe, expect, it } from 'vitest';
import { tPrivacy as t } from './privacy-translate.fixture';
import { retentionBody, retentionFormErrors, retentionFormValues } from './retention-form';

describe('the retention form', () => {
  it('starts empty where a retention has no days', () => {
    expect(retentionFormValues({ data_retention_days: null, scans_retention_days: 30 })).toEqual({
      data_retention_days: '',
      scans_retention_days: 30,
    });
  });

  it('needs both days, whole and positive, and names the field in each message', () => {
    expect(retentionFormErrors({ data_retention_days: 30, scans_retention_days: 365 }, t)).toEqual({});
    expect(retentionFormErrors({ data_retention_days: '', scans_retention_days: 0 }, t)).toEqual({
      data_retention_days: 'Data retention (days) is required.',
      scans_retention_days: 'Scans retention (days) must be at least 1.',
    });
    expect(retentionFormErrors({ data_retention_days: -5, scans_retention_days: 36_501 }, t)).toEqual({
      data_retention_days: 'Data retention (days) must be at least 1.',
      scans_retention_days: 'Scans retention (days) must be at most 36500.',
    });
  });

  it('says a value that is not a whole number of days is one, rather than "the wrong type"', () => {
    expect(retentionFormErrors({ data_retention_days: 1.5, scans_retention_days: '-' }, t)).toEqual({
      data_retention_days: 'Data retention (days) must be a whole number of days.',
      scans_retention_days: 'Scans retention (days) must be a whole number of days.',
    });
  });

  it('sends the days as numbers', () => {
    expect(retentionBody({ data_retention_days: 30, scans_retention_days: 90 })).toEqual({
      data_retention_days: 30,
      scans_retention_days: 90,
    });
  });
});
