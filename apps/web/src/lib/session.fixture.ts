// A stored login result for unit tests, with the parts a test cares about overridable.
import { PERMISSIONS, type PermissionMap } from '@app/shared/access/permissions';
import { DEFAULT_LAYOUT } from '@app/shared/auth/schemas';
import type { StoredSession } from './session';

const ENTITY_ID = '0190a8c4-0000-7000-8000-000000000001';
const ROLE_ID = '0190a8c4-0000-7000-8000-000000000004';

export const allPermissions = (): PermissionMap =>
  Object.fromEntries(PERMISSIONS.map((p) => [p, { allowed: 1 as const }]));

export type SessionOverrides = {
  package?: string;
  plan?: number;
  permissions?: PermissionMap;
  roleName?: string;
  user?: Partial<StoredSession['user']>;
  entity?: Partial<StoredSession['entity']>;
  otp_enrolment_required?: boolean;
};

export function makeSession(overrides: SessionOverrides = {}): StoredSession {
  const plan = (overrides.plan ?? 3) as StoredSession['entity']['plan'];
  return {
    status: 'ok',
    entity_id: ENTITY_ID,
    user: {
      id: '0190a8c4-0000-7000-8000-000000000002',
      user_id: '0190a8c4-0000-7000-8000-000000000003',
      person_id: '0190a8c4-0000-7000-8000-000000000004',
      fullName: 'Ann Admin',
      email: 'ann@example.com',
      role_id: ROLE_ID,
      is_owner: true,
      is_otp_enabled: false,
      passport_id: null,
      image: null,
      lang: 'en',
      is_support: false,
      is_platform_admin: false,
      layout: DEFAULT_LAYOUT,
      ...overrides.user,
    },
    role: { id: ROLE_ID, name: overrides.roleName ?? 'Admin', key: 'admin' },
    permissions: overrides.permissions ?? {},
    plan,
    entity: {
      id: ENTITY_ID,
      name: 'Acme',
      subdomain: 'acme',
      logo: null,
      package: (overrides.package ?? 'Cloud') as StoredSession['entity']['package'],
      plan,
      subscription: 'cloud',
      two_step_enabled: false,
      otp_roles: [],
      ...overrides.entity,
    },
    otp_enrolment_required: overrides.otp_enrolment_required ?? false,
  };
}
