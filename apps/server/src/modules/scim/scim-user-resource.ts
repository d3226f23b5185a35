import { z } from 'zod';
import { digitsOnly, splitInternationalPhone } from '@app/shared/people/calling-codes';
import { PERSON_LIMITS } from '@app/shared/people/schemas';
import { invalidValue } from './scim-errors';
import { etagOf } from './scim-request';
import { isRecord, valueOf } from './scim-patch-ops';

// A SCIM User (RFC 7643 §4.1) both ways: the resource an identity provider writes, read into what is
// kept (userName, externalId, active as columns; every other attribute as written) and into the
// person it stands for; and the resource answered, rebuilt from what is kept.

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const USER_NAME_MAX = 300;
const EXTERNAL_ID_MAX = 300;
const EMAIL = z.regexes.email;

export type ScimUserInput = {
  userName: string;
  externalId: string | null;
  active: boolean;
  /** The other attributes as written, less those we make (id, meta, groups) and the password. */
  resource: Record<string, unknown>;
};

/** The person's values a User gives (null: none given, or a field the integration does not take). */
export type PersonValues = {
  firstName: string;
  lastName: string;
  email: string | null;
  phoneCode: string | null;
  phone: string | null;
  idNumber: string | null;
  department: string | null;
};

/** Kept as columns, made by us, or never kept (the password is write-only and we have no use for it). */
const NOT_IN_RESOURCE = new Set(['schemas', 'id', 'meta', 'username', 'externalid', 'active', 'password', 'groups']);

/** A boolean as Entra may write it ("True", "False"). */
export function booleanOf(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw invalidValue(`${name} must be true or false`);
}

/** A User's body (POST, PUT, or the result of a PATCH), checked. */
export function readUserBody(body: unknown): ScimUserInput {
  if (!isRecord(body)) throw invalidValue('The body must be a User resource');
  const userName = valueOf(body, 'userName');
  if (typeof userName !== 'string' || !userName.trim()) throw invalidValue('userName is required');
  if (userName.trim().length > USER_NAME_MAX) throw invalidValue(`userName is longer than ${USER_NAME_MAX} characters`);
  const externalId = valueOf(body, 'externalId');
  if (externalId !== undefined && externalId !== null && typeof externalId !== 'string') {
    throw invalidValue('externalId must be a string');
  }
  if (typeof externalId === 'string' && externalId.length > EXTERNAL_ID_MAX) {
    throw invalidValue(`externalId is longer than ${EXTERNAL_ID_MAX} characters`);
  }
  const active = valueOf(body, 'active');
  const resource = Object.fromEntries(Object.entries(body).filter(([k]) => !NOT_IN_RESOURCE.has(k.toLowerCase())));
  return {
    userName: userName.trim(),
    externalId: typeof externalId === 'string' && externalId ? externalId : null,
    active: active === undefined || active === null ? true : booleanOf(active, 'active'),
    resource,
  };
}

const clean = (value: unknown): string | null => {
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return null;
  return value.replace(/\s+/g, ' ').trim() || null;
};

const objectAt = (from: Record<string, unknown>, key: string) => {
  const value = valueOf(from, key);
  return isRecord(value) ? value : {};
};

function splitName(value: unknown): { first: string | null; last: string | null } {
  const words = clean(value)?.split(' ') ?? [];
  return { first: words[0] ?? null, last: words.slice(1).join(' ') || null };
}

/** Of a multi-valued attribute: the primary element, else the first of `preferType`, else the first. */
function chosenElement(list: unknown, preferType?: string): Record<string, unknown> | null {
  const items = (Array.isArray(list) ? list : []).filter(isRecord).filter((e) => clean(valueOf(e, 'value')));
  const primary = items.find((e) => {
    const flag = valueOf(e, 'primary');
    return flag === true || (typeof flag === 'string' && flag.toLowerCase() === 'true');
  });
  const typed = preferType ? items.find((e) => clean(valueOf(e, 'type'))?.toLowerCase() === preferType) : undefined;
  return primary ?? typed ?? items[0] ?? null;
}

function limited(value: string | null, max: number, name: string): string | null {
  if (value && value.length > max) throw invalidValue(`${name} is longer than ${max} characters`);
  return value;
}

/**
 * What a phone number becomes: an international number ("+971 50 123 4567") split into its calling code
 * and national number, as the person form keeps them. A number we cannot split reliably (no + or 00,
 * or no known code) is kept as its digits with no code; the person form asks for the code before the
 * person is next saved there.
 */
function phoneOf(raw: string | null): { phoneCode: string | null; phone: string | null } {
  if (!raw) return { phoneCode: null, phone: null };
  const split = splitInternationalPhone(raw);
  if (split) {
    limited(split.phone, PERSON_LIMITS.phoneMax, 'phoneNumbers.value');
    return { phoneCode: split.code, phone: split.phone };
  }
  const digits = digitsOnly(raw);
  return { phoneCode: null, phone: limited(digits || null, PERSON_LIMITS.phoneMax, 'phoneNumbers.value') };
}

/**
 * The person a User stands for. Names: name.givenName and name.familyName, else the displayName's first
 * word and the rest (then name.formatted's). Email: the primary email, else the first. Phone: the primary
 * number, else the mobile one, else the first. The enterprise extension's employeeNumber is the id
 * number, its department the department (by name). `fields`: the person fields the integration takes
 * (null: all of them).
 */
export function personValuesOf(input: ScimUserInput, fields: ReadonlySet<string> | null): PersonValues {
  const r = input.resource;
  const name = objectAt(r, 'name');
  const display = splitName(valueOf(r, 'displayName'));
  const formatted = splitName(valueOf(name, 'formatted'));
  const firstName = clean(valueOf(name, 'givenName')) ?? display.first ?? formatted.first;
  const lastName = clean(valueOf(name, 'familyName')) ?? display.last ?? formatted.last;
  if (!firstName) throw invalidValue('name.givenName is required (or a displayName)');
  if (!lastName) throw invalidValue('name.familyName is required (or a displayName with first and last name)');
  limited(firstName, PERSON_LIMITS.nameMax, 'name.givenName');
  limited(lastName, PERSON_LIMITS.nameMax, 'name.familyName');

  const takes = (field: string) => fields === null || fields.has(field);
  let email: string | null = null;
  if (takes('email')) {
    email = clean(valueOf(chosenElement(valueOf(r, 'emails')) ?? {}, 'value'))?.toLowerCase() ?? null;
    if (email && (email.length > PERSON_LIMITS.emailMax || !EMAIL.test(email))) {
      throw invalidValue(`emails.value ${JSON.stringify(email)} is not a valid email address`);
    }
  }
  const phone = takes('phone')
    ? phoneOf(clean(valueOf(chosenElement(valueOf(r, 'phoneNumbers'), 'mobile') ?? {}, 'value')))
    : { phoneCode: null, phone: null };
  const enterprise = objectAt(r, ENTERPRISE_SCHEMA);
  const idNumber = takes('id_number')
    ? limited(clean(valueOf(enterprise, 'employeeNumber')), PERSON_LIMITS.idNumberMax, 'employeeNumber')
    : null;
  const department = takes('department')
    ? limited(clean(valueOf(enterprise, 'department')), PERSON_LIMITS.departmentNameMax, 'department')
    : null;
  return { firstName, lastName, email, ...phone, idNumber, department };
}

export type StoredUser = {
  id: string;
  userName: string;
  externalId: string | null;
  active: boolean;
  resource: Record<string, unknown>;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

/** The User as PATCH works on it: everything the caller wrote, with the attributes we keep as columns. */
export const patchableUser = (user: StoredUser): Record<string, unknown> => ({
  schemas: [USER_SCHEMA],
  id: user.id,
  userName: user.userName,
  ...(user.externalId !== null ? { externalId: user.externalId } : {}),
  active: user.active,
  ...user.resource,
});

/** The User answered: the resource as written, our id and meta, and the groups the user is in (read-only). */
export function toUserResource(
  user: StoredUser,
  groups: { id: string; displayName: string }[],
  baseUrl: string,
): Record<string, unknown> {
  const extensions = Object.keys(user.resource).filter((k) => k.toLowerCase().startsWith('urn:'));
  return {
    schemas: [USER_SCHEMA, ...extensions],
    id: user.id,
    ...(user.externalId !== null ? { externalId: user.externalId } : {}),
    userName: user.userName,
    ...user.resource,
    active: user.active,
    ...(groups.length
      ? {
          groups: groups.map((g) => ({
            value: g.id,
            $ref: `${baseUrl}/Groups/${g.id}`,
            display: g.displayName,
            type: 'direct',
          })),
        }
      : {}),
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      lastModified: user.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${user.id}`,
      version: etagOf(user.version),
    },
  };
}
