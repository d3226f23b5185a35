import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { IntegrationField } from '@app/shared/integrations/status';
import { digitsOnly, splitInternationalPhone } from '@app/shared/people/calling-codes';
import { PERSON_LIMITS } from '@app/shared/people/schemas';
import type { IntegrationMapping } from '../../db/schema/index';
import type { DirectoryUser } from './connectors/types';

// A directory's person as the company would keep them: the names, the fields the integration takes,
// the user type of the first mapped group, and what is wrong with it, field by field (translation keys
// of `errors:`). Pure, so the sync, the fix of an error and the tests judge a record the same way.

export type Candidate = {
  externalId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneCode: string | null;
  phone: string | null;
  idNumber: string | null;
  department: string | null;
  userTypeId: string | null;
  groupNames: string[];
  /** By field: a translation key of `errors:`. */
  problems: Record<string, string>;
  /** The record's hash: an unchanged record is not written again. */
  hash: string;
};

const EMAIL = z.regexes.email;

const clean = (value: string | null | undefined, max: number) => {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, Math.max(max, 0) || undefined) : null;
};

/** The record's values that decide what is written, hashed (sha-256, base64url, 22 characters is plenty). */
export function hashOf(values: unknown): string {
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 22);
}

/** The mapped user type: the first group of the mapping the person is in. */
export function userTypeOf(mapping: IntegrationMapping, groupIds: string[]): string | null {
  const ids = new Set(groupIds);
  return mapping.groups.find((g) => ids.has(g.id))?.userTypeId ?? mapping.defaultUserTypeId ?? null;
}

/**
 * What a person's phone becomes: an international number split into code and number; a national one
 * kept as digits with no code, which the person rules refuse (a code is required with a phone).
 */
function phoneOf(raw: string | null): { code: string | null; phone: string | null; problem: string | null } {
  if (!raw?.trim()) return { code: null, phone: null, problem: null };
  const split = splitInternationalPhone(raw);
  if (split) {
    if (split.phone.length > PERSON_LIMITS.phoneMax) return { ...split, problem: 'integration_phone_too_long' };
    return { ...split, problem: null };
  }
  return { code: null, phone: digitsOnly(raw).slice(0, 30) || null, problem: 'integration_phone_not_international' };
}

export function candidateOf(user: DirectoryUser, mapping: IntegrationMapping): Candidate {
  const fields = new Set<IntegrationField>(mapping.fields as IntegrationField[]);
  const problems: Record<string, string> = {};
  const firstName = clean(user.firstName, 200);
  const lastName = clean(user.lastName, 200);
  if (!firstName) problems.first_name = 'integration_first_name_missing';
  else if (firstName.length > PERSON_LIMITS.nameMax) problems.first_name = 'integration_name_too_long';
  if (!lastName) problems.last_name = 'integration_last_name_missing';
  else if (lastName.length > PERSON_LIMITS.nameMax) problems.last_name = 'integration_name_too_long';

  let email: string | null = null;
  if (fields.has('email')) {
    email = clean(user.email, 400)?.toLowerCase() ?? null;
    if (email && (email.length > PERSON_LIMITS.emailMax || !EMAIL.test(email))) problems.email = 'invalid_email';
  }
  let phoneCode: string | null = null;
  let phone: string | null = null;
  if (fields.has('phone')) {
    const read = phoneOf(user.phone);
    phoneCode = read.code;
    phone = read.phone;
    if (read.problem) problems.phone = read.problem;
  }
  let idNumber: string | null = null;
  if (fields.has('id_number')) {
    idNumber = clean(user.employeeId, 200);
    if (idNumber && idNumber.length > PERSON_LIMITS.idNumberMax) problems.id_number = 'integration_id_number_too_long';
  }
  const department = fields.has('department') ? clean(user.department, PERSON_LIMITS.departmentNameMax) : null;
  const userTypeId = userTypeOf(mapping, user.groupIds);
  if (!userTypeId) problems.user_type_id = 'integration_user_type_missing';
  const groupNames = mapping.groups.filter((g) => user.groupIds.includes(g.id)).map((g) => g.name);
  const values = { firstName, lastName, email, phoneCode, phone, idNumber, department, userTypeId };
  return {
    externalId: user.externalId,
    ...values,
    groupNames,
    problems,
    hash: hashOf([values, user.active]),
  };
}

/** An admin's fix of a record (spec: fix-error payload), judged like a record read from the directory. */
export function fixedCandidate(
  before: Candidate,
  fix: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phoneCode: string | null;
    phone: string | null;
    idNumber: string | null;
    userTypeId: string | null;
  },
  mandatory: Set<string>,
): Candidate {
  const problems: Record<string, string> = {};
  const firstName = clean(fix.firstName, 200);
  const lastName = clean(fix.lastName, 200);
  if (!firstName) problems.first_name = 'integration_first_name_missing';
  else if (firstName.length > PERSON_LIMITS.nameMax) problems.first_name = 'integration_name_too_long';
  if (!lastName) problems.last_name = 'integration_last_name_missing';
  else if (lastName.length > PERSON_LIMITS.nameMax) problems.last_name = 'integration_name_too_long';
  const email = clean(fix.email, 400)?.toLowerCase() ?? null;
  if (email && (email.length > PERSON_LIMITS.emailMax || !EMAIL.test(email))) problems.email = 'invalid_email';
  const phone = fix.phone ? digitsOnly(fix.phone) || null : null;
  const phoneCode = fix.phoneCode ? digitsOnly(fix.phoneCode) || null : null;
  if (phone && !phoneCode) problems.phone_code = 'phone_code_required';
  if (phone && phone.length > PERSON_LIMITS.phoneMax) problems.phone = 'integration_phone_too_long';
  if (phoneCode && phoneCode.length > PERSON_LIMITS.phoneCodeMax) problems.phone_code = 'integration_phone_too_long';
  const idNumber = clean(fix.idNumber, 200);
  if (idNumber && idNumber.length > PERSON_LIMITS.idNumberMax) problems.id_number = 'integration_id_number_too_long';
  if (!fix.userTypeId) problems.user_type_id = 'integration_user_type_missing';
  const fixed: Candidate = {
    ...before,
    firstName,
    lastName,
    email,
    phoneCode,
    phone,
    idNumber,
    userTypeId: fix.userTypeId,
    problems,
  };
  return withMandatory(fixed, mandatory);
}

/** The user type's mandatory profile data (email, phone, id number) a record lacks, as problems. */
export function withMandatory(candidate: Candidate, mandatory: Set<string>): Candidate {
  const problems = { ...candidate.problems };
  if (mandatory.has('email') && !candidate.email) problems.email ??= 'email_required';
  if (mandatory.has('phone') && !candidate.phone) problems.phone ??= 'phone_required';
  if (mandatory.has('id_number') && !candidate.idNumber) problems.id_number ??= 'integration_id_number_required';
  return { ...candidate, problems };
}
