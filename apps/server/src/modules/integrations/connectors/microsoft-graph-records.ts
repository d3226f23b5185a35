import { isRecord } from './microsoft-graph-api';
import type { DirectoryRecord } from './types';

// Graph's user resource (graph/api/resources/user): id, givenName, surname, mail, userPrincipalName,
// mobilePhone, businessPhones (string collection), employeeId, department, accountEnabled. Only these are
// asked for ($select): employeeId, department and accountEnabled are not among the properties Graph sends
// unasked. In a delta answer a property never set is left out (user: delta, "Default: return the same
// properties"), so absent means null.

export const GRAPH_USER_SELECT = [
  'id',
  'givenName',
  'surname',
  'mail',
  'userPrincipalName',
  'mobilePhone',
  'businessPhones',
  'employeeId',
  'department',
  'accountEnabled',
].join(',');

const TEXT_FIELDS = ['givenName', 'surname', 'mail', 'userPrincipalName', 'mobilePhone', 'employeeId', 'department'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The id of a user as Graph sent it, or null when it has none. */
export const graphIdOf = (raw: unknown): string | null => (isRecord(raw) ? textOf(raw.id) : null);

/** Graph marks a deleted object (or one moved out of a delta's scope) with "@removed": { reason }. */
export const isRemoved = (raw: unknown): boolean => isRecord(raw) && raw['@removed'] !== undefined;

/** The address to reach the person: mail, else a sign-in name that is an address of theirs (a guest's
 * "someone_example.com#EXT#@tenant" is not). */
function emailOf(raw: Record<string, unknown>): string | null {
  const mail = textOf(raw.mail);
  if (mail) return mail;
  const upn = textOf(raw.userPrincipalName);
  return upn && EMAIL.test(upn) && !upn.includes('#EXT#') ? upn : null;
}

/** One Graph user as a directory person in `groupIds`; a record that cannot be read fails alone. */
export function graphRecordOf(raw: unknown, groupIds: string[]): DirectoryRecord {
  if (!isRecord(raw))
    return { ok: false, externalId: null, problem: 'Microsoft Graph sent a user that is not a record' };
  const externalId = graphIdOf(raw);
  if (!externalId) return { ok: false, externalId: null, problem: 'Microsoft Graph sent a user without an id' };
  const fail = (problem: string): DirectoryRecord => ({ ok: false, externalId, problem });

  for (const key of TEXT_FIELDS)
    if (raw[key] !== undefined && raw[key] !== null && typeof raw[key] !== 'string')
      return fail(`Microsoft Graph sent the user’s ${key} as something other than text`);
  const phones = raw.businessPhones ?? [];
  if (!Array.isArray(phones) || !phones.every((p) => typeof p === 'string' || p === null))
    return fail('Microsoft Graph sent the user’s businessPhones in an unknown shape');
  if (raw.accountEnabled !== undefined && raw.accountEnabled !== null && typeof raw.accountEnabled !== 'boolean')
    return fail('Microsoft Graph sent whether the user’s account is enabled as something other than true or false');

  return {
    ok: true,
    user: {
      externalId,
      firstName: textOf(raw.givenName),
      lastName: textOf(raw.surname),
      email: emailOf(raw),
      phone: textOf(raw.mobilePhone) ?? phones.map(textOf).find((p) => p !== null) ?? null,
      employeeId: textOf(raw.employeeId),
      department: textOf(raw.department),
      groupIds,
      active: raw.accountEnabled !== false,
    },
  };
}
