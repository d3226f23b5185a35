import { describe, expect, it } from 'vitest';
import { sharedUserType } from './shared-user-type';

const staff = { id: 'staff', name: 'Staff' };
const guests = { id: 'guests', name: 'Guests' };
const crew = { id: 'crew', name: 'Crew' };

describe('sharedUserType', () => {
  it('is the one user type all the people have', () => {
    expect(sharedUserType([{ user_types: [staff, guests] }, { user_types: [staff] }])).toBe('staff');
    expect(sharedUserType([{ user_types: [crew] }])).toBe('crew');
  });

  it('is none when the people share no type, or several', () => {
    expect(sharedUserType([{ user_types: [staff] }, { user_types: [guests] }])).toBeNull();
    expect(sharedUserType([{ user_types: [staff, guests] }, { user_types: [guests, staff] }])).toBeNull();
    expect(sharedUserType([])).toBeNull();
  });
});
