import { describe, expect, it } from 'vitest';
import type { ExpectedVisit } from '@app/shared/expected-visits/schemas';
import {
  expectedVisitValues,
  formFieldOf,
  liveCheckOf,
  newExpectedVisitValues,
  toExpectedVisitBody,
  validateExpectedVisitForm,
  type ExpectedVisitFormValues,
} from './expected-visit-form';
import { expectedVisitsQuery, formatClockReading, shiftDay, stageFilterOf } from './expected-visits-query';
import { defaultGridState } from '@/components/data-grid/grid-state';
import { tEnglish } from '@/lib/translate.fixture';

// The English catalogue: each check reads as the sentence the page shows, naming its field.
const t = tEnglish;
const now = new Date('2026-06-01T10:15:20Z');
const ids = {
  type: '0196f5a0-0000-7000-8000-000000000001',
  site: '0196f5a0-0000-7000-8000-000000000002',
  area: '0196f5a0-0000-7000-8000-000000000003',
  host: '0196f5a0-0000-7000-8000-000000000004',
  person: '0196f5a0-0000-7000-8000-000000000005',
  visit: '0196f5a0-0000-7000-8000-000000000006',
};

const values = (extra: Partial<ExpectedVisitFormValues> = {}): ExpectedVisitFormValues => ({
  ...newExpectedVisitValues('2026-06-01T10:15'),
  first_name: 'Vera',
  last_name: 'Visitor',
  email: 'vera@example.test',
  phone_code: '44',
  phone: '7700900123',
  user_type_id: ids.type,
  site_id: ids.site,
  area_id: ids.area,
  hosts: [{ id: ids.host, full_name: 'Hannah Host' }],
  ...extra,
});

const check = (v: ExpectedVisitFormValues, timeZone = 'UTC', initial?: ExpectedVisitFormValues) =>
  validateExpectedVisitForm(v, { timeZone, now, initial }, t);

describe('newExpectedVisitValues', () => {
  it('starts a new visitor at the next quarter hour of the company clock', () => {
    expect(newExpectedVisitValues('2026-06-01T10:15')).toMatchObject({
      mode: 'new',
      visit_date: '2026-06-01',
      visit_time: '10:30',
    });
    expect(newExpectedVisitValues('2026-12-31T23:50')).toMatchObject({ visit_date: '2027-01-01', visit_time: '00:00' });
  });
});

describe('toExpectedVisitBody', () => {
  it('sends a new visitor, or only the chosen person', () => {
    expect(toExpectedVisitBody(values({ company_name: ' ', notes: 'Laptop', visit_time: '10:30:00' }))).toEqual({
      person_id: null,
      visitor: {
        first_name: 'Vera',
        last_name: 'Visitor',
        email: 'vera@example.test',
        phone_code: '44',
        phone: '7700900123',
        company_name: null,
      },
      user_type_id: ids.type,
      site_id: ids.site,
      area_id: ids.area,
      visit_date: '2026-06-01',
      visit_time: '10:30',
      host_ids: [ids.host],
      notes: 'Laptop',
    });
    const person = { id: ids.person, full_name: 'Gus Guest', email: null, user_types: null };
    expect(toExpectedVisitBody(values({ mode: 'existing', person }))).toMatchObject({
      person_id: ids.person,
      visitor: null,
      notes: null,
    });
  });
});

describe('validateExpectedVisitForm', () => {
  it('accepts a good visit', () => {
    expect(check(values())).toEqual({});
  });

  it('names the field of each problem, as the server does', () => {
    expect(check(values({ email: 'not-an-email', phone_code: '', phone: '' }))).toEqual({
      email: 'Invalid email address',
      phone_code: 'Country code is required.',
      phone: 'Phone is required',
    });
    expect(check(values({ first_name: ' ', site_id: null, area_id: null, user_type_id: null }))).toEqual({
      first_name: 'First name is required.',
      site_id: 'Site is required.',
      area_id: 'Area is required.',
      user_type_id: 'User type is required.',
    });
    expect(check(values({ mode: 'existing', person: null }))).toEqual({
      person: 'Choose a person or add a new visitor.',
    });
    expect(check(values({ visit_date: null }))).toHaveProperty('visit_date', 'Visit date is required.');
  });

  it('refuses a time before now on the company clock, on the time field', () => {
    expect(check(values({ visit_time: '10:14' }))).toEqual({ visit_time: 'Visit date and time cannot be before now.' });
    // The current minute is not the past.
    expect(check(values({ visit_time: '10:15' }))).toEqual({});
    // A day before today (typed on a phone, where the calendar is not used) is refused on the date.
    expect(check(values({ visit_date: '2026-05-31', visit_time: '23:00' }))).toEqual({
      visit_date: 'Visit date and time cannot be before now.',
    });
    // 12:00 in Dubai (UTC+4) is 08:00 UTC: already past at 10:15 UTC; 15:00 there is still to come.
    expect(check(values({ visit_time: '12:00' }), 'Asia/Dubai').visit_time).toBe(
      'Visit date and time cannot be before now.',
    );
    expect(check(values({ visit_time: '15:00' }), 'Asia/Dubai')).toEqual({});
  });

  it('keeps a time that has passed when a change leaves it as it was', () => {
    const initial = values({ visit_date: '2026-06-01', visit_time: '09:00' });
    expect(check(values({ visit_date: '2026-06-01', visit_time: '09:00', notes: 'x' }), 'UTC', initial)).toEqual({});
    expect(check(values({ visit_date: '2026-06-01', visit_time: '09:30' }), 'UTC', initial)).toHaveProperty(
      'visit_time',
    );
  });
});

describe('formFieldOf', () => {
  it('puts the server’s field names on the form’s fields', () => {
    expect(formFieldOf('visitor.email')).toBe('email');
    expect(formFieldOf('person_id')).toBe('person');
    expect(formFieldOf('host_ids')).toBe('hosts');
    expect(formFieldOf('visit_time')).toBe('visit_time');
  });
});

describe('expectedVisitValues', () => {
  it('opens a visit with its person, place, time and hosts', () => {
    const visit = {
      id: ids.visit,
      person: { id: ids.person, full_name: 'Gus Guest', email: 'gus@example.test' },
      user_type: { id: ids.type, name: 'Guests', registration_method: 'pre_registered_with_approval' },
      site: { id: ids.site, name: 'HQ' },
      area: { id: ids.area, name: 'Reception' },
      visit_date: '2026-06-02',
      visit_time: '09:45',
      hosts: [{ id: ids.host, full_name: 'Hannah Host' }],
      notes: null,
    } as unknown as ExpectedVisit;
    expect(expectedVisitValues(visit)).toMatchObject({
      mode: 'existing',
      person: { id: ids.person, full_name: 'Gus Guest', user_types: null },
      user_type_id: ids.type,
      site_id: ids.site,
      area_id: ids.area,
      visit_date: '2026-06-02',
      visit_time: '09:45',
      hosts: [{ id: ids.host, full_name: 'Hannah Host' }],
      notes: '',
    });
  });
});

describe('liveCheckOf', () => {
  it('asks about a typed email or phone, or the chosen person, with the visit’s place and time', () => {
    expect(liveCheckOf(values({ email: 'vera@', phone: '12' }), null)).toBeNull();
    expect(liveCheckOf(values(), ids.visit)).toEqual({
      exclude_visit_id: ids.visit,
      email: 'vera@example.test',
      phone_code: '44',
      phone: '7700900123',
      user_type_id: ids.type,
      site_id: ids.site,
      area_id: ids.area,
      visit_date: '2026-06-01',
      visit_time: '10:30',
    });
    const person = { id: ids.person, full_name: 'Gus Guest', email: null, user_types: null };
    expect(liveCheckOf(values({ mode: 'existing', person, user_type_id: null }), null)).toMatchObject({
      person_id: ids.person,
    });
    expect(liveCheckOf(values({ mode: 'existing', person, user_type_id: null }), null)).not.toHaveProperty('email');
  });
});

describe('expectedVisitsQuery', () => {
  const config = {
    columns: [],
    defaultSorting: [{ id: 'expected', desc: false }],
    filterKeys: ['stage'],
  };
  it('lists expected visits from today for a year, soonest first, narrowed by stage', () => {
    const state = defaultGridState(config);
    expect(expectedVisitsQuery({ state, pageIndex: 0, search: '' }, '2026-06-01')).toEqual({
      page: 1,
      limit: 10,
      state: 'expected',
      from: '2026-06-01',
      to: '2027-06-01',
      sortField: 'expected_at',
      orderBy: 'asc',
    });
    const narrowed = { ...state, filters: { stage: 'awaiting_approval' }, sorting: [{ id: 'visitor', desc: true }] };
    expect(expectedVisitsQuery({ state: narrowed, pageIndex: 2, search: 'vera' }, '2026-06-01')).toMatchObject({
      page: 3,
      search: 'vera',
      stage: 'awaiting_approval',
      sortField: 'name',
      orderBy: 'desc',
    });
    expect(stageFilterOf({ state: { ...state, filters: { stage: 'nonsense' } } })).toBeNull();
  });

  it('reads days and clock readings as people here do', () => {
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(formatClockReading('2026-06-01 09:05')).toBe('01/06/2026 09:05');
    expect(formatClockReading('2026-06-01T09:05')).toBe('01/06/2026 09:05');
  });
});
