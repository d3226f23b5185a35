import { describe, expect, it } from 'vitest';
import { CREATE_NEW, canCreateNew, fixDuplicateBody, knownReasons, sharedValues } from './fix-duplicate';

const personId = '0193a1b2-0000-7000-8000-000000000002';

describe('fixDuplicateBody', () => {
  it('asks nothing when nothing is chosen (spec §5: Please select a user)', () => {
    expect(fixDuplicateBody(null)).toBeNull();
    expect(fixDuplicateBody('')).toBeNull();
  });

  it('sends the person chosen', () => {
    expect(fixDuplicateBody(personId)).toEqual({ selected_user_id: personId, create_new: false });
  });

  it('sends a new person', () => {
    expect(fixDuplicateBody(CREATE_NEW)).toEqual({ selected_user_id: null, create_new: true });
  });
});

describe('canCreateNew', () => {
  it('allows a new person beside a namesake only', () => {
    expect(canCreateNew({ duplicate_reasons: ['name'] })).toBe(true);
    expect(canCreateNew({ duplicate_reasons: [] })).toBe(true);
    expect(canCreateNew({ duplicate_reasons: ['name', 'email'] })).toBe(false);
    expect(canCreateNew({ duplicate_reasons: ['id_number'] })).toBe(false);
  });
});

describe('knownReasons', () => {
  it('keeps the known reasons in the page’s order', () => {
    expect(knownReasons(['name', 'weird', 'email'])).toEqual(['email', 'name']);
  });
});

describe('sharedValues', () => {
  it('marks the values the record and the person share, ignoring case and spaces around them', () => {
    expect(
      sharedValues(
        { first_name: 'Ada', last_name: 'Lovelace', email: 'ADA@example.com', phone: null, id_number: 'E1' },
        { first_name: 'ada', last_name: ' lovelace', email: 'ada@example.com ', phone: null, id_number: 'E2' },
      ),
    ).toEqual({ name: true, email: true, phone: false, id_number: false });
  });
});
