import { describe, expect, it } from 'vitest';
import type { IntegrationMapping } from '../../db/schema/index';
import { userTypeOfGroups, type GroupOfPerson } from './scim-people';

const group = (
  id: string,
  userTypeId: string | null,
  minutes: number,
  externalId: string | null = null,
): GroupOfPerson => ({
  id,
  externalId,
  userTypeId,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, minutes)),
});
const mapping = (over: Partial<IntegrationMapping> = {}): IntegrationMapping => ({
  groups: [],
  fields: [],
  defaultUserTypeId: 'default',
  ...over,
});
const EXISTING = new Set(['staff', 'visitors', 'default', 'contractors']);

describe('the user type a SCIM user’s groups give', () => {
  it('is the oldest mapped group’s, else the default', () => {
    expect(userTypeOfGroups([group('b', 'visitors', 2), group('a', 'staff', 1)], mapping(), EXISTING)).toBe('staff');
    expect(userTypeOfGroups([group('a', null, 1)], mapping(), EXISTING)).toBe('default');
    expect(userTypeOfGroups([], mapping({ defaultUserTypeId: null }), EXISTING)).toBeNull();
  });

  it('puts the integration’s mapping first, in its order, by the group’s id or externalId', () => {
    const groups = [group('a', 'staff', 1), group('b', null, 2, 'entra-contractors'), group('c', null, 3)];
    const mapped = mapping({
      groups: [
        { id: 'entra-contractors', name: 'Contractors', userTypeId: 'contractors' },
        { id: 'c', name: 'Visitors', userTypeId: 'visitors' },
      ],
    });
    expect(userTypeOfGroups(groups, mapped, EXISTING)).toBe('contractors');
  });

  it('skips user types the company no longer has', () => {
    expect(userTypeOfGroups([group('a', 'gone', 1), group('b', 'visitors', 2)], mapping(), EXISTING)).toBe('visitors');
    expect(userTypeOfGroups([group('a', 'gone', 1)], mapping({ defaultUserTypeId: 'gone-too' }), EXISTING)).toBeNull();
  });
});
