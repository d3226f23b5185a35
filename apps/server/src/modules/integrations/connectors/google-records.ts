import { isRecord } from './google-api';
import type { DirectoryRecord } from './types';

// The Directory API's User resource (developers.google.com/workspace/admin/directory/reference/rest/v1/users):
// id, primaryEmail, name { givenName, familyName, fullName }, suspended, archived, and lists typed as
// free JSON values: phones [{ value, type, primary }], externalIds [{ value, type, customType }] (type
// "organization" is the employee ID the Admin console shows), organizations [{ department, primary, … }].

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** A list of objects, [] when absent; undefined when it is there but unreadable. */
function listOf(value: unknown): Record<string, unknown>[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isRecord)) return undefined;
  return value;
}

/** The number a person carries: the one marked primary, else a mobile, else a work mobile. */
function phoneOf(phones: Record<string, unknown>[]): string | null {
  const pick = (test: (p: Record<string, unknown>) => boolean) =>
    phones
      .filter(test)
      .map((p) => textOf(p.value))
      .find((v) => v !== null) ?? null;
  return pick((p) => p.primary === true) ?? pick((p) => p.type === 'mobile') ?? pick((p) => p.type === 'work_mobile');
}

/** One Google user as a directory person in `groupIds` (the selected groups they are in); a record that
 * cannot be read fails alone. */
export function googleRecordOf(raw: unknown, groupIds: string[]): DirectoryRecord {
  if (!isRecord(raw)) return { ok: false, externalId: null, problem: 'Google sent a user that is not a record' };
  const externalId = textOf(raw.id);
  if (!externalId) return { ok: false, externalId: null, problem: 'Google sent a user without an ID' };
  const fail = (problem: string): DirectoryRecord => ({ ok: false, externalId, problem });

  const name = raw.name ?? {};
  if (!isRecord(name)) return fail('Google sent the user’s name in an unknown shape');
  for (const key of ['givenName', 'familyName'] as const)
    if (name[key] !== undefined && name[key] !== null && typeof name[key] !== 'string')
      return fail(`Google sent the user’s ${key} as something other than text`);
  if (raw.primaryEmail !== undefined && raw.primaryEmail !== null && typeof raw.primaryEmail !== 'string')
    return fail('Google sent the user’s primaryEmail as something other than text');
  for (const key of ['suspended', 'archived'] as const)
    if (raw[key] !== undefined && raw[key] !== null && typeof raw[key] !== 'boolean')
      return fail(`Google sent whether the user is ${key} as something other than true or false`);

  const phones = listOf(raw.phones);
  const externalIds = listOf(raw.externalIds);
  const organizations = listOf(raw.organizations);
  if (!phones) return fail('Google sent the user’s phones in an unknown shape');
  if (!externalIds) return fail('Google sent the user’s externalIds in an unknown shape');
  if (!organizations) return fail('Google sent the user’s organizations in an unknown shape');
  const organization = organizations.find((o) => o.primary === true) ?? organizations[0];

  return {
    ok: true,
    user: {
      externalId,
      firstName: textOf(name.givenName),
      lastName: textOf(name.familyName),
      email: textOf(raw.primaryEmail),
      phone: phoneOf(phones),
      employeeId:
        externalIds
          .filter((e) => e.type === 'organization')
          .map((e) => textOf(e.value))
          .find(Boolean) ?? null,
      department: organization ? textOf(organization.department) : null,
      groupIds,
      active: raw.suspended !== true && raw.archived !== true,
    },
  };
}
