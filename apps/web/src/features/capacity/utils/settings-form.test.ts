import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPACITY_SETTINGS } from '@app/shared/capacity/schemas';
import { NEARING_RANGE, nearingError, settingsBody, settingsFormValues, settingsServerErrors } from './settings-form';

const t = (key: string, vars?: Record<string, string | number>) => `${key} ${JSON.stringify(vars)}`;

describe('the capacity settings form', () => {
  it('reads its range from the shared limits', () => {
    expect(NEARING_RANGE).toEqual({ min: 50, max: 99 });
  });

  it('takes a whole percentage from 50 to 99 and says so of anything else, as typed', () => {
    for (const fine of [50, 80, 99, '75']) expect(nearingError(fine, t)).toBeNull();
    for (const wrong of [49, 100, 80.5, '', ' ', 'abc'])
      expect(nearingError(wrong, t)).toBe('capacity:settings.nearing_range {"min":50,"max":99}');
  });

  it('sends what was chosen, none chosen meaning every visit', () => {
    const values = settingsFormValues(DEFAULT_CAPACITY_SETTINGS);
    expect(settingsBody({ ...values, over_capacity: 'approval', nearing_percent: '85' })).toEqual({
      over_capacity: 'approval',
      nearing_percent: 85,
      visitor_user_type_ids: [],
    });
  });

  it('files the messages about one chosen user type under the list', () => {
    expect(
      settingsServerErrors({
        'visitor_user_type_ids.1': ['Choose a user type of the company.'],
        'visitor_user_type_ids.3': ['Choose a user type of the company.'],
        nearing_percent: ['Too high.'],
      }),
    ).toEqual({ visitor_user_type_ids: 'Choose a user type of the company.', nearing_percent: 'Too high.' });
  });
});
