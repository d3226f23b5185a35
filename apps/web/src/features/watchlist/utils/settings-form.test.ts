import { describe, expect, it } from 'vitest';
import { NOTIFY_MAX, THRESHOLD_RANGE, foldListErrors, thresholdError } from './settings-form';

const t = (key: string, vars?: Record<string, string | number>) => `${key} ${JSON.stringify(vars)}`;

describe('the screening settings form', () => {
  it('reads the limits from the shared schema', () => {
    expect(THRESHOLD_RANGE).toEqual({ min: 60, max: 100 });
    expect(NOTIFY_MAX).toBe(20);
  });

  it('takes a whole threshold from 60 to 100 and says so of anything else', () => {
    expect(thresholdError(60, t)).toBeNull();
    expect(thresholdError(100, t)).toBeNull();
    for (const wrong of [59, 101, 80.5, '', 'abc'])
      expect(thresholdError(wrong, t)).toBe('watchlist:settings.threshold_range {"min":60,"max":100}');
  });

  it('files the messages about a list’s entries under the list', () => {
    expect(
      foldListErrors(
        {
          'notify_person_ids.0': ['This person has no email address to be told at.'],
          'notify_person_ids.3': ['Choose an active person of the company.'],
          name_threshold: ['Too low.'],
        },
        'notify_person_ids',
      ),
    ).toEqual({
      notify_person_ids: 'This person has no email address to be told at. Choose an active person of the company.',
      name_threshold: 'Too low.',
    });
  });
});
