import { createHash } from 'node:crypto';
import { fakePerson } from './fake-people';

// The people and groups of the Google fake (google-directory-fake.ts), deterministic for a seed.
// Generated: the admin who consents, then `count` users in Staff (which nests Teachers), Students,
// Teachers, Board (a handful) and Everyone (the whole domain as a CUSTOMER member); every 50th user is
// suspended and every 97th archived. The demo: 36 people in four groups, one without a surname, one with
// a malformed email, two sharing one.

export type GoogleFakePhone = { value: string; type: string; primary?: boolean };
export type GoogleFakeUser = {
  id: string;
  primaryEmail: string;
  givenName: string | null;
  familyName: string | null;
  phones: GoogleFakePhone[];
  employeeId: string | null;
  department: string | null;
  suspended: boolean;
  archived: boolean;
  isAdmin: boolean;
};
export type GoogleFakeGroup = {
  id: string;
  email: string;
  name: string;
  /** Direct members: users, nested groups, and whether the whole domain is one (a CUSTOMER member). */
  users: string[];
  groups: string[];
  customer: boolean;
};

const DEPARTMENTS = ['Teaching', 'Administration', 'Facilities', 'Finance', 'IT', 'Pastoral care'];

/** Google's user ids are 21 digits, its group ids 15 characters starting with 0. */
export const googleFakeUserId = (n: number) => `1${String(n).padStart(20, '0')}`;
export const googleFakeGroupId = (n: number) =>
  `0${createHash('sha1').update(`group:${n}`).digest('hex').slice(0, 14)}`;

export function googleFakeData(options: { users?: number; seed?: number; demo?: boolean }, domain: string) {
  const seed = options.seed ?? 1;
  const count = options.demo ? 36 : (options.users ?? 300);
  const admin: GoogleFakeUser = {
    id: googleFakeUserId(0),
    primaryEmail: `admin@${domain}`,
    givenName: 'Workspace',
    familyName: 'Admin',
    phones: [],
    employeeId: null,
    department: 'IT',
    suspended: false,
    archived: false,
    isAdmin: true,
  };
  const users = [admin];
  for (let n = 1; n <= count; n++) {
    const p = fakePerson(n, domain, seed);
    // Mostly a primary mobile; some a work landline listed before the mobile; some no phone at all.
    const phones: GoogleFakePhone[] =
      n % 11 === 0
        ? []
        : n % 7 === 0
          ? [
              { value: '+97142000000', type: 'work' },
              { value: p.phone, type: 'mobile' },
            ]
          : [{ value: p.phone, type: 'mobile', primary: true }];
    users.push({
      id: googleFakeUserId(n),
      primaryEmail: p.email,
      givenName: p.firstName,
      familyName: p.lastName,
      phones,
      employeeId: p.employeeId,
      department: DEPARTMENTS[n % DEPARTMENTS.length]!,
      suspended: !options.demo && n % 50 === 0,
      archived: !options.demo && n % 97 === 0,
      isAdmin: false,
    });
  }
  const group = (n: number, name: string, local: string, members: Partial<GoogleFakeGroup> = {}): GoogleFakeGroup => ({
    id: googleFakeGroupId(n),
    email: `${local}@${domain}`,
    name,
    users: [],
    groups: [],
    customer: false,
    ...members,
  });
  const ids = (test: (n: number) => boolean) =>
    users
      .slice(1)
      .filter((_, i) => test(i + 1))
      .map((u) => u.id);
  if (options.demo) {
    users[3]!.familyName = null;
    users[6]!.primaryEmail = `omar.haddad@@${domain}`;
    users[10]!.primaryEmail = `family.account@${domain}`;
    users[11]!.primaryEmail = `family.account@${domain}`;
    const groups = [
      group(1, 'Teachers', 'teachers', { users: ids((n) => n <= 10) }),
      group(2, 'Office staff', 'office', { users: ids((n) => n > 10 && n <= 16) }),
      group(3, 'Year 7', 'year7', { users: ids((n) => n > 16 && n <= 26) }),
      group(4, 'Year 8', 'year8', { users: ids((n) => n > 26) }),
    ];
    return { users, groups };
  }
  const teachers = group(3, 'Teachers', 'teachers', { users: ids((n) => n % 4 === 3) });
  const groups = [
    group(1, 'Staff', 'staff', { users: ids((n) => n % 4 === 0), groups: [teachers.id] }),
    group(2, 'Students', 'students', { users: ids((n) => n % 4 === 1 || n % 4 === 2) }),
    teachers,
    group(4, 'Board', 'board', { users: ids((n) => n % 200 === 0) }),
    group(5, 'Everyone', 'everyone', { customer: true }),
  ];
  return { users, groups };
}
