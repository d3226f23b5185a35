import { describe, expect, it } from 'vitest';
import type { SiteTree } from '@app/shared/sites/schemas';
import type { PersonPreview, SignInPreview, Visit } from '@app/shared/visits/schemas';
import { areaOptions, commonReasons, peopleByArea, placeOf, rowAction, splitForMassAction } from './visit-groups';

const uuid = (n: number) => `0190f6a0-0000-7000-8000-${String(n).padStart(12, '0')}`;
const RECEPTION = uuid(101);
const DOCK = uuid(102);

function visit(n: number, personN: number, over: Partial<Visit> = {}): Visit {
  return {
    id: uuid(n),
    person: {
      id: uuid(personN),
      full_name: `Person ${personN}`,
      first_name: 'Person',
      last_name: String(personN),
      email: null,
      company_name: null,
      photo_url: null,
    },
    user_type: null,
    site: { id: uuid(100), name: 'HQ' },
    area: { id: RECEPTION, name: 'Reception' },
    journey: null,
    journey_flow_id: null,
    state: 'left',
    stage: null,
    login_mode: 'signIn_signOut',
    badge_label: 'sign_in',
    signed_in: null,
    signed_out: null,
    expected: null,
    sign_in_source: null,
    sign_out_source: null,
    hosts: [],
    host_message: null,
    notes: null,
    temperature_c: null,
    mask: null,
    override_reason: null,
    late_reason: null,
    early_reason: null,
    timezone: 'UTC',
    created_at: '2025-03-10T10:00:00Z',
    created_by: null,
    can_change: true,
    confirmed: false,
    compliance_mails: null,
    rating: null,
    ...over,
  };
}
const onSite = (n: number, p: number, over: Partial<Visit> = {}) =>
  visit(n, p, { state: 'on_site', badge_label: 'sign_out', ...over });

describe("a row's next action (spec §4 Badge label)", () => {
  it('is the badge label, and none for a cancelled visit', () => {
    expect(rowAction(onSite(1, 1))).toBe('sign_out');
    expect(rowAction(visit(2, 2))).toBe('sign_in');
    expect(rowAction(visit(3, 3, { badge_label: 'check_in', login_mode: 'checkIn_only', state: 'checked_in' }))).toBe(
      'check_in',
    );
    expect(rowAction(visit(4, 4, { state: 'cancelled' }))).toBeNull();
  });
});

describe('the mass action split', () => {
  it('signs out those on site and signs the others in again at their area, each person once', () => {
    const dock = { id: DOCK, name: 'Dock' };
    const split = splitForMassAction([
      onSite(1, 1),
      visit(2, 2),
      visit(3, 2), // the same person again: once
      visit(4, 1), // on site elsewhere in the selection: only signed out
      visit(5, 3, { area: dock, badge_label: 'check_in', state: 'checked_in' }),
      visit(6, 4, { state: 'cancelled' }),
    ]);
    expect(split.signOut.map((v) => v.id)).toEqual([uuid(1)]);
    expect(split.signIn).toEqual([
      { areaId: RECEPTION, place: 'HQ › Reception', people: [{ id: uuid(2), full_name: 'Person 2' }] },
      { areaId: DOCK, place: 'HQ › Dock', people: [{ id: uuid(3), full_name: 'Person 3' }] },
    ]);
  });

  it('signs in expected rows (never signed in) with their own visit, and says "again" only after a sign-in', () => {
    const expected = (n: number, p: number) => visit(n, p, { state: 'expected' });
    const first = splitForMassAction([expected(1, 1), expected(2, 2)]);
    expect(first.again).toBe(false);
    expect(first.signIn[0]!.people).toEqual([
      { id: uuid(1), full_name: 'Person 1', expected_visit_id: uuid(1) },
      { id: uuid(2), full_name: 'Person 2', expected_visit_id: uuid(2) },
    ]);
    // The row chosen is the visit signed in, even when the person has another one today.
    expect(splitForMassAction([expected(7, 1)]).signIn[0]!.people[0]!.expected_visit_id).toBe(uuid(7));
    expect(splitForMassAction([expected(1, 1), visit(2, 2)]).again).toBe(true);
  });

  it('groups the visits to sign out by area', () => {
    expect(peopleByArea([onSite(1, 1), onSite(2, 2), onSite(3, 3, { area: { id: DOCK, name: 'Dock' } })])).toEqual([
      { areaId: RECEPTION, personIds: [uuid(1), uuid(2)] },
      { areaId: DOCK, personIds: [uuid(3)] },
    ]);
  });
});

describe('the early sign-out reasons of several people', () => {
  const r = (n: number) => ({
    id: uuid(n),
    name: `R${n}`,
    attendance_code: null,
    start_time: '08:00',
    duration_minutes: 60,
  });
  const person = (options: number[], preselected: number | null): PersonPreview =>
    ({
      reasons: { type: 'early_sign_out', options: options.map(r), preselected: preselected ? uuid(preselected) : null },
    }) as PersonPreview;
  const pv = (...people: PersonPreview[]) => ({ people }) as SignInPreview;

  it('offers those every one of them may be given, and preselects a reason they share', () => {
    expect(commonReasons([pv(person([11, 12], 11)), pv(person([11], 11))])).toEqual({
      options: [{ id: uuid(11), name: 'R11', attendance_code: null }],
      preselected: uuid(11),
    });
    expect(commonReasons([pv(person([11, 12], null), person([11, 12], null))]).preselected).toBeNull();
    expect(commonReasons([pv(person([11], 11), person([12], 12))])).toEqual({ options: [], preselected: null });
    expect(commonReasons([])).toEqual({ options: [], preselected: null });
  });
});

describe('the area choice', () => {
  const area = (id: string, text: string, status = true) => ({
    id,
    value: id,
    text,
    name: text,
    site_id: uuid(100),
    login_mode: 'signIn_signOut' as const,
    auto_sign_out: 'after_24h' as const,
    status,
    capacity: null,
    daily_visitor_limit: null,
    kiosks: [],
    doors: [],
  });
  const tree: SiteTree = [
    { value: uuid(100), text: 'HQ', children: [area(RECEPTION, 'Reception'), area(DOCK, 'Dock', false)] },
    { value: uuid(200), text: 'Empty site', children: [] },
  ];

  it('groups areas under their site, inactive ones not chosen, empty sites left out', () => {
    expect(areaOptions(tree)).toEqual([
      {
        group: 'HQ',
        items: [
          { value: RECEPTION, label: 'Reception', disabled: false },
          { value: DOCK, label: 'Dock', disabled: true },
        ],
      },
    ]);
    expect(placeOf(tree, DOCK)).toBe('HQ › Dock');
    expect(placeOf(tree, uuid(999))).toBeNull();
  });
});
