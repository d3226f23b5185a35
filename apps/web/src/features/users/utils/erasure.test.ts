import { describe, expect, it } from 'vitest';
import { erasureRefusal } from './erasure';

describe('erasureRefusal', () => {
  it('lets people without a dashboard login be erased', () => {
    expect(erasureRefusal({ dashboard_access: 'none', is_default: false })).toBeNull();
    expect(erasureRefusal({ dashboard_access: 'revoked', is_default: false })).toBeNull();
  });

  it('refuses people who sign in to the dashboard (or are invited to) and the default record', () => {
    expect(erasureRefusal({ dashboard_access: 'active', is_default: false })).toBe('has_login');
    expect(erasureRefusal({ dashboard_access: 'invited', is_default: false })).toBe('has_login');
    expect(erasureRefusal({ dashboard_access: 'none', is_default: true })).toBe('default_person');
  });
});
