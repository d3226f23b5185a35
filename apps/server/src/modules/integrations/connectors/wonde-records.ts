import { isRecord } from './wonde-api';
import type { DirectoryRecord } from './types';

// Wonde's student and employee objects (docs.wonde.com, "Student object", "Employee object"): id (the
// Wonde ID, what write-back names), upi, mis_id (the person's ID in the school's MIS), forename, surname,
// legal_forename, legal_surname; with `include=` related objects nested as { data: … }:
// contact_details { emails { email, primary, home, work }, phones { phone, primary, home, work, mobile } },
// groups [ { id, name, type, … } ], classes [ { id, name, … } ], and for employees employment_details
// { current, teaching_staff, employment_start_date, employment_end_date, role_text }.
// Wonde drops a student who leaves from /students (they move to the leavers list), so every student read
// is current; an employee whose employment_details say current: false has left.

export type WondePeopleKind = 'students' | 'employees';

/** What a read asks for: the ids of the selected groups and classes, and which kinds are wanted whole. */
export type WondeScope = { kinds: ReadonlySet<WondePeopleKind>; groupIds: ReadonlySet<string> };

/** The include= a kind is read with: the fields we map, and the memberships when groups scope the read. */
export function wondeIncludes(kind: WondePeopleKind, memberships: boolean): string {
  return [
    'contact_details',
    ...(kind === 'employees' ? ['employment_details'] : []),
    ...(memberships ? ['groups', 'classes'] : []),
  ].join(',');
}

const NOUN: Record<WondePeopleKind, string> = { students: 'student', employees: 'employee' };

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The ids in an included list ({ data: [{ id }] }); undefined when it is there but unreadable. */
function idsOf(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (!isRecord(value) || !Array.isArray(value.data)) return undefined;
  const ids: string[] = [];
  for (const item of value.data as unknown[]) {
    if (!isRecord(item) || typeof item.id !== 'string' || !item.id) return undefined;
    ids.push(item.id);
  }
  return ids;
}

/** An included single object's data ({ data: {…} }), {} when absent; undefined when unreadable. */
function dataOf(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) return undefined;
  if (value.data === undefined || value.data === null) return {};
  return isRecord(value.data) ? value.data : undefined;
}

/** The first non-empty text of `keys` in an object of alternatives (emails, phones). */
function firstOf(group: unknown, keys: readonly string[]): string | null | undefined {
  if (group === undefined || group === null) return null;
  if (!isRecord(group)) return undefined;
  for (const key of keys) {
    const value = group[key];
    if (value !== undefined && value !== null && typeof value !== 'string') return undefined;
    const text = textOf(value);
    if (text) return text;
  }
  return null;
}

/**
 * One Wonde person as a directory person, when they are in the read's scope (null when not); a record
 * that cannot be read fails alone.
 */
export function wondeRecordOf(raw: unknown, kind: WondePeopleKind, scope: WondeScope): DirectoryRecord | null {
  const noun = NOUN[kind];
  if (!isRecord(raw)) return { ok: false, externalId: null, problem: `Wonde sent a ${noun} that is not a record` };
  const externalId = typeof raw.id === 'string' && raw.id.trim() ? raw.id.trim() : null;
  if (!externalId) return { ok: false, externalId: null, problem: `Wonde sent a ${noun} without an ID` };
  const fail = (problem: string): DirectoryRecord => ({ ok: false, externalId, problem });

  const groups = idsOf(raw.groups);
  const classes = idsOf(raw.classes);
  if (!groups || !classes) return fail(`Wonde sent the ${noun}'s groups or classes in an unknown shape`);
  const groupIds = [
    ...(scope.kinds.has(kind) ? [kind] : []),
    ...[...new Set([...groups, ...classes])].filter((id) => scope.groupIds.has(id)),
  ];
  if (!groupIds.length) return null;

  for (const key of ['forename', 'surname', 'legal_forename', 'legal_surname'] as const) {
    const value = raw[key];
    if (value !== undefined && value !== null && typeof value !== 'string')
      return fail(`Wonde sent the ${noun}'s ${key} as something other than text`);
  }
  const misId = raw.mis_id;
  if (misId !== undefined && misId !== null && typeof misId !== 'string' && typeof misId !== 'number')
    return fail(`Wonde sent the ${noun}'s mis_id as something other than text`);

  const contact = dataOf(raw.contact_details);
  if (!contact) return fail(`Wonde sent the ${noun}'s contact details in an unknown shape`);
  // The address the school uses first; a work address before a home one for the people who work there.
  const email = firstOf(contact.emails, ['email', 'primary', 'work', 'home']);
  // A mobile first: the number a person carries (and can be texted on) is the one worth having.
  const phone = firstOf(contact.phones, ['mobile', 'phone', 'primary', 'work', 'home']);
  if (email === undefined) return fail(`Wonde sent the ${noun}'s email addresses in an unknown shape`);
  if (phone === undefined) return fail(`Wonde sent the ${noun}'s phone numbers in an unknown shape`);

  let active = true;
  if (kind === 'employees') {
    const employment = dataOf(raw.employment_details);
    if (!employment) return fail('Wonde sent the employee’s employment details in an unknown shape');
    const current = employment.current;
    if (current !== undefined && current !== null && typeof current !== 'boolean')
      return fail('Wonde sent whether the employee is current as something other than true or false');
    active = current !== false;
  }

  return {
    ok: true,
    user: {
      externalId,
      firstName: textOf(raw.forename) ?? textOf(raw.legal_forename),
      lastName: textOf(raw.surname) ?? textOf(raw.legal_surname),
      email,
      phone,
      // The MIS's own number for the person: what the school's office knows them by.
      employeeId: misId === undefined || misId === null ? null : textOf(String(misId)),
      department: null,
      groupIds,
      active,
    },
  };
}
