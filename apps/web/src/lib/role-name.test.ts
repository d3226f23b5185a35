import { describe, expect, it } from 'vitest';
import { roleName, startingRoleKey } from './role-name';

const ar: Record<string, string> = { 'common:roles.admin': 'مسؤول', 'common:roles.fire_warden': 'مراقب الحريق' };
const t = (key: string) => ar[key] ?? key;

describe('role names', () => {
  it('translates the roles every company starts with', () => {
    expect(roleName({ name: 'Admin' }, t)).toBe('مسؤول');
    expect(roleName({ name: 'Fire warden', key: 'fire_warden' }, t)).toBe('مراقب الحريق');
    expect(startingRoleKey('system admin')).toBe('system_admin');
  });

  it("keeps a company's own role name, and a starting role it renamed", () => {
    expect(roleName({ name: 'Night security' }, t)).toBe('Night security');
    expect(roleName({ name: 'Wardens', key: 'fire_warden' }, t)).toBe('Wardens');
  });
});
