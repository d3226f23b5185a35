import { describe, expect, it } from 'vitest';
import type { Area } from '@app/shared/sites/schemas';
import { areaBody, areaFormValues, takesCapacity, validateAreaForm } from './area-form';
import { limitRange } from './place-limits';

const t = (key: string) => key;
const range = limitRange('en');
const SITE = '0190a8c4-0000-7000-8000-000000000001';

const area: Area = {
  id: '0190a8c4-0000-7000-8000-000000000002',
  site_id: SITE,
  name: 'Reception',
  login_mode: 'signIn_signOut',
  auto_sign_out: 'midnight',
  status: true,
  capacity: 40,
  daily_visitor_limit: null,
};

describe('the area form', () => {
  it('starts from the area, its limits as typed', () => {
    expect(areaFormValues(area)).toMatchObject({ name: 'Reception', capacity: 40, daily_visitor_limit: '' });
    expect(areaFormValues()).toMatchObject({ login_mode: 'signIn_signOut', capacity: '', daily_visitor_limit: '' });
  });

  it('sends both limits, a cleared one as null', () => {
    expect(areaBody({ ...areaFormValues(area), name: ' Lobby ', capacity: '', daily_visitor_limit: 80 })).toEqual({
      name: 'Lobby',
      login_mode: 'signIn_signOut',
      auto_sign_out: 'midnight',
      status: true,
      capacity: null,
      daily_visitor_limit: 80,
    });
  });

  it('takes no capacity in a check-in-only area, and keeps its daily limit', () => {
    expect(takesCapacity('checkIn_only')).toBe(false);
    const values = { ...areaFormValues(area), login_mode: 'checkIn_only' as const, daily_visitor_limit: 30 };
    expect(areaBody(values)).toMatchObject({ capacity: null, daily_visitor_limit: 30 });
    expect(validateAreaForm({ ...values, capacity: -1 }, t, range)).toEqual({});
  });

  it('checks the name with the shared schema and the limits with their range', () => {
    const errors = validateAreaForm({ ...areaFormValues(), name: 'R', capacity: 0 }, t, range, SITE);
    expect(Object.keys(errors).sort()).toEqual(['capacity', 'name']);
    expect(validateAreaForm(areaFormValues(area), t, range)).toEqual({});
  });
});
