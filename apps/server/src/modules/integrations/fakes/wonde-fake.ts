import { fakePerson } from './fake-people';
import { json, startFakeServer, type FakeAnswer, type FakeRequest, type FakeServer } from './fake-server';

// A local stand-in of Wonde's API (/v1.0), for tests and the demo; its URL is what WONDE_URL names. As
// docs.wonde.com and Wonde's clients describe: the access token as "Authorization: Bearer <token>" (or as
// the Basic username), one school with its meta data (approved false while the school has not approved
// the application, when its data answers 403 and it is listed under /schools/pending), students and
// employees with contact_details, groups, classes and employment_details includes, groups and classes,
// attendance codes, and session attendance write-back validated per mark (422 naming each bad mark, nothing
// written). Lists page as Wonde's do: 50 by default, per_page up to 200, meta.pagination { next, previous,
// more, per_page, current_page } when more than 50 or when per_page was asked. 429 with Retry-After on
// demand. Wonde's error bodies are not spelled out in its documentation; the fake answers { error,
// error_description }, which the connector reads along with { message }.

export type WondeFakePerson = {
  id: string;
  kind: 'students' | 'employees';
  upi: string;
  misId: string;
  forename: string | null;
  surname: string | null;
  email: string | null;
  mobile: string | null;
  /** Employees: still employed (employment_details.current). */
  current: boolean;
  /** Wonde ids of the groups and classes the person is in. */
  groups: string[];
  classes: string[];
};

export type WondeFakeGroup = { id: string; name: string; type: string };
export type WondeFakeClass = { id: string; name: string };
export type WondeFakeCode = { id: string; code: string; description: string; type: string };
export type WondeWrittenMark = {
  writebackId: string;
  studentId: string;
  date: string;
  session: 'AM' | 'PM';
  attendanceCodeId: string;
  comment: string | null;
};

export type WondeFakeOptions = {
  port?: number;
  students?: number;
  employees?: number;
  seed?: number;
  /** A few dozen people in four groups and two classes, some imperfect (the product's demo mode). */
  demo?: boolean;
};

export type WondeFakeControl = {
  readonly token: string;
  readonly schoolId: string;
  readonly schoolName: string;
  /** The school has not approved (true) or has approved (false, the default) this application. */
  setPending(pending: boolean): void;
  /** The next `count` requests answer 429 with Retry-After. */
  throttle(count: number, retryAfterSeconds?: number): void;
  /** The application's token stops working (401). */
  revokeToken(): void;
  /** The person's record is sent malformed (a number for a forename). */
  malform(personId: string): void;
  addPerson(
    input: Partial<Omit<WondeFakePerson, 'id' | 'upi'>> & Pick<WondeFakePerson, 'kind' | 'forename' | 'surname'>,
  ): WondeFakePerson;
  changePerson(id: string, patch: Partial<Omit<WondeFakePerson, 'id' | 'kind'>>): void;
  removePerson(id: string): void;
  addGroup(name: string, type?: string): WondeFakeGroup;
  addClass(name: string): WondeFakeClass;
  people(kind?: 'students' | 'employees'): WondeFakePerson[];
  groups(): WondeFakeGroup[];
  classes(): WondeFakeClass[];
  codes(): WondeFakeCode[];
  /** The session marks written so far, in order. */
  attendanceWritten(): WondeWrittenMark[];
};

export const WONDE_FAKE_TOKEN = '7e76896f9aca62569048c667db292d72dd84f224';
const SCHOOL_ID = 'A1000000001';
const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;
const INCLUDES = {
  students: ['contact_details', 'groups', 'classes', 'education_details', 'extended_details', 'year', 'house'],
  employees: ['contact_details', 'employment_details', 'groups', 'classes', 'extended_details'],
};
// England's statutory codes, as a school's MIS offers them through Wonde.
const CODES: [string, string, string][] = [
  ['/', 'Present (AM)', 'PRESENT'],
  ['\\', 'Present (PM)', 'PRESENT'],
  ['L', 'Late (before registers closed)', 'PRESENT'],
  ['U', 'Late (after registers closed)', 'UNAUTHORISED_ABSENCE'],
  ['M', 'Medical/Dental appointments', 'AUTHORISED_ABSENCE'],
  ['I', 'Illness (not medical or dental appointments)', 'AUTHORISED_ABSENCE'],
  ['C', 'Other authorised circumstances', 'AUTHORISED_ABSENCE'],
  ['B', 'Educated off site', 'APPROVED_EDUCATIONAL_ACTIVITY'],
  ['O', 'Unauthorised absence', 'UNAUTHORISED_ABSENCE'],
  ['N', 'No reason yet provided for absence', 'UNAUTHORISED_ABSENCE'],
];

/** Wonde-shaped ids: a letter and ten digits, the first digit telling the fake's kinds apart. */
const wondeId = (prefix: number, n: number) => `A${prefix}${String(n).padStart(9, '0')}`;
const stamp = (iso: string) => ({ date: iso.replace('T', ' ').replace('Z', '000'), timezone_type: 3, timezone: 'UTC' });
const upiOf = (id: string) => Buffer.from(`${SCHOOL_ID}:${id}`).toString('hex').slice(-32);

function generate(options: WondeFakeOptions) {
  const seed = options.seed ?? 1;
  const demo = options.demo === true;
  const groups: WondeFakeGroup[] = demo
    ? [
        { id: wondeId(3, 1), name: 'Year 7', type: 'YEAR' },
        { id: wondeId(3, 2), name: 'Year 8', type: 'YEAR' },
        { id: wondeId(3, 3), name: 'Year 9', type: 'YEAR' },
        { id: wondeId(3, 4), name: 'Teaching staff', type: 'DEPARTMENT' },
      ]
    : [
        ...['7A', '7B', '8A', '8B', '9A', '9B'].map((name, i) => ({
          id: wondeId(3, i + 1),
          name,
          type: 'REGISTRATION',
        })),
        ...['Austen', 'Brontë', 'Darwin'].map((name, i) => ({ id: wondeId(3, i + 7), name, type: 'HOUSE' })),
        { id: wondeId(3, 10), name: 'Teaching staff', type: 'DEPARTMENT' },
      ];
  const classes: WondeFakeClass[] = (
    demo ? ['7/Ma1', '8/En1'] : ['7/Ma1', '7/En1', '8/Ma1', '8/Sc1', '9/Ma1', '9/Hi1']
  ).map((name, i) => ({ id: wondeId(4, i + 1), name }));
  const studentGroups = groups.filter((g) => g.type !== 'DEPARTMENT');
  const staffGroup = groups.find((g) => g.type === 'DEPARTMENT')!;
  const people: WondeFakePerson[] = [];
  const students = demo ? 30 : (options.students ?? 300);
  for (let n = 1; n <= students; n++) {
    const p = fakePerson(n, 'students.school.example', seed);
    const id = wondeId(1, n);
    const registration = studentGroups[(n - 1) % (demo ? 3 : 6)]!;
    const house = demo ? [] : [studentGroups[6 + ((n - 1) % 3)]!.id];
    people.push({
      id,
      kind: 'students',
      upi: upiOf(id),
      misId: String(1000 + n),
      forename: p.firstName,
      surname: p.lastName,
      email: n % 4 === 0 ? null : p.email,
      mobile: n % 3 === 0 ? p.phone : null,
      current: true,
      groups: [registration.id, ...house],
      classes: [classes[(n - 1) % classes.length]!.id, classes[(n + 2) % classes.length]!.id].filter(
        (c, i, all) => all.indexOf(c) === i,
      ),
    });
  }
  const employees = demo ? 8 : (options.employees ?? 40);
  for (let n = 1; n <= employees; n++) {
    const p = fakePerson(50_000 + n, 'staff.school.example', seed);
    const id = wondeId(2, n);
    people.push({
      id,
      kind: 'employees',
      upi: upiOf(id),
      misId: String(n),
      forename: p.firstName,
      surname: p.lastName,
      email: p.email,
      mobile: p.phone,
      current: n % 15 !== 0,
      groups: n % 2 ? [staffGroup.id] : [],
      classes: [classes[(n - 1) % classes.length]!.id],
    });
  }
  if (demo) {
    people[2] = { ...people[2]!, surname: null };
    people[5] = { ...people[5]!, email: 'omar.haddad@@students.school.example' };
    people[9] = { ...people[9]!, email: 'family.account@students.school.example' };
    people[10] = { ...people[10]!, email: 'family.account@students.school.example' };
  }
  const codes = CODES.map(([code, description, type], i) => ({ id: wondeId(5, i + 1), code, description, type }));
  return { groups, classes, people, codes };
}

export async function startWondeFake(
  options: WondeFakeOptions = {},
): Promise<{ server: FakeServer; control: WondeFakeControl }> {
  const data = generate(options);
  const people = new Map(data.people.map((p) => [p.id, p]));
  const groups = data.groups;
  const classes = data.classes;
  const codes = data.codes;
  const schoolName = options.demo ? 'Wonde Demo Academy' : 'Wonde Fake Academy';
  const created = '2023-09-01T07:00:00.000Z';
  let token: string | null = WONDE_FAKE_TOKEN;
  let pending = false;
  let throttled = 0;
  let retryAfter = 1;
  const nextPerson = { students: data.people.length + 1, employees: data.people.length + 1 };
  let writebacks = 0;
  const malformed = new Set<string>();
  const written: WondeWrittenMark[] = [];

  const error = (status: number, code: string, description: string, headers?: Record<string, string>) =>
    json(status, { error: code, error_description: description }, headers);

  function authorized(req: FakeRequest): boolean {
    const header = req.headers.authorization;
    if (typeof header !== 'string' || !token) return false;
    const bearer = /^Bearer\s+(.+)$/i.exec(header);
    if (bearer) return bearer[1] === token;
    const basic = /^Basic\s+(.+)$/i.exec(header);
    return basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') === `${token}:` : false;
  }

  /** A Wonde list page: 50 by default, or per_page (at most 200), with pagination when Wonde gives it. */
  function page(req: FakeRequest, rows: unknown[], includes: string[] = []): FakeAnswer {
    const asked = req.query.get('per_page');
    const perPage = Math.min(MAX_PAGE, Math.max(1, Number(asked) || DEFAULT_PAGE));
    const current = Math.max(1, Math.floor(Number(req.query.get('page')) || 1));
    const slice = rows.slice((current - 1) * perPage, current * perPage);
    const more = current * perPage < rows.length;
    const meta: Record<string, unknown> = { includes };
    if (asked !== null || rows.length > DEFAULT_PAGE) {
      const link = (n: number) => {
        const query = new URLSearchParams(req.query);
        query.set('page', String(n));
        return `http://${req.headers.host}${req.path}?${query.toString()}`;
      };
      meta.pagination = {
        next: more ? link(current + 1) : null,
        previous: current > 1 ? link(current - 1) : null,
        more,
        per_page: perPage,
        current_page: current,
      };
    }
    return json(200, { data: slice, meta });
  }

  const groupRow = (g: WondeFakeGroup) => ({
    id: g.id,
    mis_id: g.id.slice(-4),
    name: g.name,
    code: g.name,
    type: g.type,
    description: g.name,
    created_at: stamp(created),
    updated_at: stamp(created),
  });
  const classRow = (c: WondeFakeClass) => ({
    id: c.id,
    mis_id: c.id.slice(-4),
    name: c.name,
    code: c.name,
    description: c.name,
    subject: null,
    created_at: stamp(created),
    updated_at: stamp(created),
  });

  function personRow(p: WondeFakePerson, includes: Set<string>) {
    const row: Record<string, unknown> = {
      id: p.id,
      upi: p.upi,
      mis_id: p.misId,
      initials: [p.forename, p.surname].map((s) => s?.[0] ?? '').join(''),
      forename: malformed.has(p.id) ? 42 : p.forename,
      surname: p.surname,
      middle_names: null,
      legal_forename: p.forename,
      legal_surname: p.surname,
      gender: null,
      created_at: stamp(created),
      updated_at: stamp(created),
    };
    if (p.kind === 'employees') row.title = null;
    if (includes.has('contact_details'))
      row.contact_details = {
        data: {
          emails: { email: p.email, primary: p.email, home: null, work: p.kind === 'employees' ? p.email : null },
          phones: { phone: null, primary: p.mobile, home: null, work: null, mobile: p.mobile },
        },
      };
    if (includes.has('groups')) row.groups = { data: groups.filter((g) => p.groups.includes(g.id)).map(groupRow) };
    if (includes.has('classes')) row.classes = { data: classes.filter((c) => p.classes.includes(c.id)).map(classRow) };
    if (includes.has('employment_details') && p.kind === 'employees')
      row.employment_details = {
        data: {
          current: p.current,
          teaching_staff: p.classes.length > 0,
          employment_start_date: stamp(created),
          employment_end_date: p.current ? null : stamp('2024-07-31T00:00:00.000Z'),
          role_text: p.classes.length ? 'Teacher' : 'Support staff',
        },
      };
    return row;
  }

  function listPeople(req: FakeRequest, kind: 'students' | 'employees'): FakeAnswer {
    const includes = (req.query.get('include') ?? '').split(',').filter(Boolean);
    const unknown = includes.filter((i) => !INCLUDES[kind].includes(i));
    if (unknown.length) return error(422, 'invalid_include', `Unknown include: ${unknown.join(', ')}`);
    const set = new Set(includes);
    const rows = [...people.values()].filter((p) => p.kind === kind).map((p) => personRow(p, set));
    return page(req, rows, includes);
  }

  function writeSession(req: FakeRequest): FakeAnswer {
    const body = typeof req.body === 'object' && req.body ? (req.body as Record<string, unknown>) : {};
    const marks = body.attendance;
    if (!Array.isArray(marks) || !marks.length)
      return json(422, {
        message: 'The given data was invalid.',
        errors: { attendance: ['The attendance field is required.'] },
      });
    const errors: Record<string, string[]> = {};
    const fault = (i: number, field: string, text: string) => (errors[`attendance.${i}.${field}`] = [text]);
    marks.forEach((m: unknown, i) => {
      const mark = (typeof m === 'object' && m ? m : {}) as Record<string, unknown>;
      const student = people.get(String(mark.student_id));
      if (!student || student.kind !== 'students')
        fault(i, 'student_id', `The selected attendance.${i}.student_id is invalid.`);
      if (
        typeof mark.date !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}$/.test(mark.date) ||
        Number.isNaN(Date.parse(mark.date))
      )
        fault(i, 'date', `The attendance.${i}.date does not match the format Y-m-d.`);
      if (mark.session !== 'AM' && mark.session !== 'PM')
        fault(i, 'session', `The selected attendance.${i}.session is invalid.`);
      if (!codes.some((c) => c.id === mark.attendance_code_id))
        fault(i, 'attendance_code_id', `The selected attendance.${i}.attendance_code_id is invalid.`);
      if (mark.comment !== undefined && typeof mark.comment !== 'string')
        fault(i, 'comment', `The attendance.${i}.comment must be a string.`);
    });
    if (Object.keys(errors).length) return json(422, { message: 'The given data was invalid.', errors });
    const writebackId = wondeId(6, ++writebacks);
    for (const m of marks as Record<string, string>[])
      written.push({
        writebackId,
        studentId: m.student_id!,
        date: m.date!,
        session: m.session as 'AM' | 'PM',
        attendanceCodeId: m.attendance_code_id!,
        comment: m.comment ?? null,
      });
    return json(200, { success: true, writeback_id: writebackId });
  }

  function route(req: FakeRequest): FakeAnswer {
    const path = req.path.replace(/\/+$/, '');
    if (!path.startsWith('/v1.0/') && path !== '/v1.0') return error(404, 'not_found', 'No such route');
    if (!authorized(req)) return error(401, 'invalid_token', 'The access token is missing, invalid or revoked.');
    const parts = path.split('/').slice(2); // after /v1.0
    const school = {
      id: SCHOOL_ID,
      name: schoolName,
      establishment_number: '4001',
      urn: 100001,
      phase_of_education: 'SECONDARY',
      la_code: '201',
      timezone: 'Europe/London',
      mis: 'SIMS',
      extended: { allows_writeback: true, has_timetables: true, has_lesson_attendance: false },
      region: {
        code: 'GBR',
        domain: 'api.wonde.com',
        school_url: `http://${req.headers.host}/v1.0/schools/${SCHOOL_ID}`,
      },
    };
    if (req.method === 'GET' && parts[0] === 'attendance-codes' && parts.length === 1) return page(req, codes);
    if (req.method === 'GET' && parts[0] === 'meta' && parts[1] === 'schools' && parts.length === 3)
      return parts[2] === SCHOOL_ID
        ? json(200, { data: { online: true, approved: !pending, audited: !pending, custom_attendance_codes: false } })
        : error(404, 'not_found', 'School not found');
    if (parts[0] !== 'schools') return error(404, 'not_found', 'No such route');
    if (req.method === 'GET' && parts.length === 1) return page(req, pending ? [] : [school]);
    if (req.method === 'GET' && parts.length === 2 && parts[1] === 'pending') return page(req, pending ? [school] : []);
    if (parts[1] !== SCHOOL_ID) return error(404, 'not_found', 'School not found');
    if (pending) return error(403, 'access_denied', 'The school has not approved access for this application.');
    const [, , what, id] = parts;
    if (req.method === 'GET' && parts.length === 2) return json(200, { data: school });
    if (req.method === 'POST' && what === 'attendance' && id === 'session' && parts.length === 4)
      return writeSession(req);
    if (req.method !== 'GET') return error(405, 'method_not_allowed', 'Method not allowed');
    if ((what === 'students' || what === 'employees') && parts.length === 3) return listPeople(req, what);
    if ((what === 'students' || what === 'employees') && parts.length === 4) {
      const person = people.get(id!);
      return person?.kind === what
        ? json(200, { data: personRow(person, new Set()) })
        : error(404, 'not_found', 'Record not found');
    }
    if (what === 'groups' && parts.length === 3) return page(req, groups.map(groupRow));
    if (what === 'classes' && parts.length === 3) return page(req, classes.map(classRow));
    return error(404, 'not_found', 'No such route');
  }

  const server = await startFakeServer((req) => {
    if (throttled > 0) {
      throttled--;
      return error(429, 'too_many_requests', 'Too many requests', { 'retry-after': String(retryAfter) });
    }
    return route(req);
  }, options.port ?? 0);

  const control: WondeFakeControl = {
    get token() {
      return token ?? '';
    },
    schoolId: SCHOOL_ID,
    schoolName,
    setPending(value) {
      pending = value;
    },
    throttle(count, seconds = 1) {
      throttled = count;
      retryAfter = seconds;
    },
    revokeToken() {
      token = null;
    },
    malform(id) {
      malformed.add(id);
    },
    addPerson(input) {
      const n = nextPerson[input.kind]++;
      const id = wondeId(input.kind === 'students' ? 1 : 2, n);
      const person: WondeFakePerson = {
        misId: String(90_000 + n),
        email: null,
        mobile: null,
        current: true,
        groups: [],
        classes: [],
        ...input,
        id,
        upi: upiOf(id),
      };
      people.set(id, person);
      return person;
    },
    changePerson(id, patch) {
      const person = people.get(id);
      if (!person) throw new Error(`No Wonde person ${id}`);
      people.set(id, { ...person, ...patch, id, kind: person.kind });
    },
    removePerson(id) {
      people.delete(id);
    },
    addGroup(name, type = 'MISC') {
      const group = { id: wondeId(3, 500 + groups.length), name, type };
      groups.push(group);
      return group;
    },
    addClass(name) {
      const klass = { id: wondeId(4, 500 + classes.length), name };
      classes.push(klass);
      return klass;
    },
    people: (kind) => [...people.values()].filter((p) => !kind || p.kind === kind).map((p) => ({ ...p })),
    groups: () => groups.map((g) => ({ ...g })),
    classes: () => classes.map((c) => ({ ...c })),
    codes: () => codes.map((c) => ({ ...c })),
    attendanceWritten: () => written.map((w) => ({ ...w })),
  };
  return { server, control };
}
