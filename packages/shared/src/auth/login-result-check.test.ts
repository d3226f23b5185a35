import { describe, expect, it } from 'vitest';
import { checkEntityId, checkLoginResult } from './login-result-check';
import { loginResultSchema } from './schemas';

const ID = (n: number) => `0190a8c4-0000-7000-8000-00000000000${n}`;

const stored = () => ({
  status: 'ok',
  user: {
    id: ID(1),
    user_id: ID(2),
    person_id: ID(3),
    fullName: 'Ann Admin',
    email: 'ann@example.com',
    role_id: ID(4),
    is_owner: true,
    is_otp_enabled: false,
    passport_id: null,
    image: '/api/files/photo.png',
    lang: 'ar',
    is_support: false,
    is_platform_admin: false,
    layout: { mode: 'dark', width: 'boxed', sidebar: 'colored', topbar: 'light', menuPinned: false },
  },
  role: { id: ID(4), name: 'Admin', key: null },
  permissions: { 'visits.view': { allowed: 1 }, 'visits.edit': { allowed: 0 } },
  plan: 3,
  entity: {
    id: ID(5),
    name: 'Acme',
    subdomain: null,
    logo: null,
    package: 'Cloud',
    plan: 2,
    subscription: 'cloud',
    two_step_enabled: true,
    otp_roles: [ID(4)],
  },
  otp_enrolment_required: false,
});

type Stored = ReturnType<typeof stored>;
const schema = loginResultSchema.omit({ csrf_token: true });
const zodResult = (value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** Each case: a change to a valid stored result. */
const cases: [string, (s: Stored) => unknown][] = [
  ['valid', (s) => s],
  ['unknown keys', (s) => ({ ...s, extra: 1, user: { ...s.user, extra: 'x' }, entity: { ...s.entity, extra: [] } })],
  ['a login stored before person_id', (s) => ({ ...s, user: { ...s.user, person_id: undefined } })],
  ['an empty layout', (s) => ({ ...s, user: { ...s.user, layout: {} } })],
  ['no layout', (s) => ({ ...s, user: { ...s.user, layout: undefined } })],
  ['a layout mode unknown to this build', (s) => ({ ...s, user: { ...s.user, layout: { mode: 'neon' } } })],
  ['a language unknown to this build', (s) => ({ ...s, user: { ...s.user, lang: 'fr' } })],
  ['a malformed id', (s) => ({ ...s, user: { ...s.user, id: 'nope' } })],
  ['a role id missing', (s) => ({ ...s, role: { name: 'Admin', key: null } })],
  ['a permission of 2', (s) => ({ ...s, permissions: { 'visits.view': { allowed: 2 } } })],
  ['a permission with more keys', (s) => ({ ...s, permissions: { 'visits.view': { allowed: 1, why: 'x' } } })],
  ['a permission map that is a list', (s) => ({ ...s, permissions: [] })],
  ['a fractional plan', (s) => ({ ...s, plan: 1.5 })],
  ['a plan as text', (s) => ({ ...s, plan: '3' })],
  ['an entity plan unknown', (s) => ({ ...s, entity: { ...s.entity, plan: 4 } })],
  ['an unknown package', (s) => ({ ...s, entity: { ...s.entity, package: 'Other' } })],
  ['a bad otp role', (s) => ({ ...s, entity: { ...s.entity, otp_roles: ['x'] } })],
  ['otp roles missing', (s) => ({ ...s, entity: { ...s.entity, otp_roles: undefined } })],
  ['another status', (s) => ({ ...s, status: 'otp_required' })],
  ['a flag as text', (s) => ({ ...s, otp_enrolment_required: 'false' })],
  ['a null user', (s) => ({ ...s, user: null })],
  ['a list', () => []],
  ['null', () => null],
  ['text', () => 'ok'],
];

describe('checkLoginResult', () => {
  it.each(cases)('takes and gives what the login result schema does: %s', (_name, change) => {
    const value = change(stored());
    expect(checkLoginResult(value)).toEqual(zodResult(value));
  });

  it('takes a valid result and refuses a broken one', () => {
    expect(checkLoginResult(stored())).not.toBeNull();
    expect(checkLoginResult({ ...stored(), plan: '3' })).toBeNull();
  });

  it('fills the defaults of a login stored by an earlier build', () => {
    const old = stored();
    const { person_id: _dropped, ...user } = old.user;
    const checked = checkLoginResult({ ...old, user: { ...user, layout: {} } });
    expect(checked?.user.person_id).toBeNull();
    expect(checked?.user.layout).toEqual({
      mode: 'light',
      width: 'fluid',
      sidebar: 'light',
      topbar: 'dark',
      menuPinned: true,
    });
  });
});

describe('checkEntityId', () => {
  it('takes a UUID only', () => {
    expect(checkEntityId(ID(5))).toBe(ID(5));
    expect(checkEntityId('acme')).toBeNull();
    expect(checkEntityId(undefined)).toBeNull();
  });
});
