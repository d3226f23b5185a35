// The check of a login result kept by the browser (the web app's stored sign-in), without zod: every
// signed-in page reads it before it shows, and zod would double what the dashboard downloads. It takes
// and gives exactly what `loginResultSchema` (schemas.ts) does without the CSRF token: the same fields,
// the same defaults, unknown keys dropped (login-result-check.test.ts holds the two to it).
import { isUuid } from '../http/formats';
import { LANGUAGES, LAYOUT_MODES, LAYOUT_WIDTHS, PACKAGES, PLAN_IDS, SUBSCRIPTIONS } from '../constants';
import type { LoginResult } from './schemas';

export type CheckedLoginResult = Omit<LoginResult, 'csrf_token'>;

class Invalid extends Error {}
const fail = (): never => {
  throw new Invalid();
};

type Check<T> = (value: unknown) => T;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : fail();
const text: Check<string> = (value) => (typeof value === 'string' ? value : fail());
const flag: Check<boolean> = (value) => (typeof value === 'boolean' ? value : fail());
const integer: Check<number> = (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : fail());
const uuid: Check<string> = (value) => (isUuid(value) ? value : fail());
const oneOf =
  <T>(allowed: readonly T[]): Check<T> =>
  (value) =>
    allowed.includes(value as T) ? (value as T) : fail();
const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value) =>
    value === null ? null : check(value);
const orDefault =
  <T>(check: Check<T>, fallback: T): Check<T> =>
  (value) =>
    value === undefined ? fallback : check(value);
const list =
  <T>(check: Check<T>): Check<T[]> =>
  (value) =>
    Array.isArray(value) ? value.map(check) : fail();

/** An object with exactly these fields, each checked (unknown ones dropped, as z.object does). */
const shape =
  <T>(checks: { [K in keyof T]: Check<T[K]> }): Check<T> =>
  (value) => {
    const input = record(value);
    const output = {} as T;
    for (const key of Object.keys(checks) as (keyof T & string)[]) output[key] = checks[key](input[key]);
    return output;
  };

type Result = CheckedLoginResult;

const layout = shape<Result['user']['layout']>({
  mode: orDefault(oneOf(LAYOUT_MODES), 'light'),
  width: orDefault(oneOf(LAYOUT_WIDTHS), 'fluid'),
  sidebar: orDefault(oneOf(['light', 'dark', 'colored'] as const), 'light'),
  topbar: orDefault(oneOf(['dark', 'light', 'colored'] as const), 'dark'),
  menuPinned: orDefault(flag, true),
});

const user = shape<Result['user']>({
  id: uuid,
  user_id: uuid,
  person_id: orDefault(nullable(uuid), null),
  fullName: text,
  email: text,
  role_id: uuid,
  is_owner: flag,
  is_otp_enabled: flag,
  passport_id: nullable(text),
  image: nullable(text),
  lang: oneOf(LANGUAGES),
  is_support: flag,
  is_platform_admin: flag,
  layout,
});

const allowed = shape<{ allowed: 0 | 1 }>({ allowed: oneOf([0, 1] as const) });
// fromEntries makes every key an own field, whatever its name (`__proto__` among them).
const permissions: Check<Result['permissions']> = (value) =>
  Object.fromEntries(Object.entries(record(value)).map(([key, entry]) => [key, allowed(entry)]));

const entity = shape<Result['entity']>({
  id: uuid,
  name: text,
  subdomain: nullable(text),
  logo: nullable(text),
  package: oneOf(PACKAGES),
  plan: oneOf(PLAN_IDS),
  subscription: oneOf(SUBSCRIPTIONS),
  two_step_enabled: flag,
  otp_roles: list(uuid),
});

const loginResult = shape<Result>({
  status: oneOf(['ok'] as const),
  user,
  role: shape<Result['role']>({ id: uuid, name: text, key: nullable(text) }),
  permissions,
  plan: integer,
  entity,
  otp_enrolment_required: flag,
});

/** The login result (without its CSRF token) when `value` has its shape, else null. */
export function checkLoginResult(value: unknown): CheckedLoginResult | null {
  try {
    return loginResult(value);
  } catch (error) {
    if (error instanceof Invalid) return null;
    throw error;
  }
}

/** A company id as the stored sign-in keeps it. */
export const checkEntityId = (value: unknown): string | null => (isUuid(value) ? value : null);
