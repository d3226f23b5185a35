// A company's people in bulk, as the database owner, in a few set-based statements: staff, interns,
// visitors, contractors and couriers with varied names (a fifth of them Arabic), emails, phones, id
// numbers, visitor companies, departments and labels, each at a home site (some staff at two) with
// one user type. Every unique index (email, phone, id number, RFID, QR code) holds by construction:
// the values carry the person's number.
import { literal, pick, textArray, uuid7, type SqlSession } from './sql-text';
import {
  FIRST_LATIN as DEMO_FIRST_LATIN,
  LAST_LATIN as DEMO_LAST_LATIN,
} from '../../apps/server/src/seed/demo/demo-people';

const FIRST_LATIN = [
  ...DEMO_FIRST_LATIN,
  'Priya',
  'Rahul',
  'Chen',
  'Mei',
  'Olga',
  'Ivan',
  'Sofia',
  'Mateo',
  'Grace',
  'Samuel',
  'Zainab',
  'Tariq',
  'Chloé',
  'Louis',
  'Anna',
  'Jonas',
  'Amara',
  'Kwame',
  'Yuki',
  'Kenji',
];
const LAST_LATIN = [
  ...DEMO_LAST_LATIN,
  'Patel',
  'Sharma',
  'Wang',
  'Li',
  'Ivanova',
  'Petrov',
  'Rossi',
  'Müller',
  'Schmidt',
  'Dubois',
  'Moreau',
  'Okafor',
  'Mensah',
  'Tanaka',
  'Sato',
  'Kowalski',
  'Novak',
  'Jensen',
  'O’Brien',
  'Murphy',
  'Costa',
  'Silva',
  'Pereira',
  'Yilmaz',
  'Demir',
  'Farouk',
  'Rahman',
  'Aziz',
];
const FIRST_ARABIC = [
  'محمد',
  'فاطمة',
  'علي',
  'مريم',
  'خالد',
  'نورة',
  'سلطان',
  'عائشة',
  'راشد',
  'هند',
  'عمر',
  'ليلى',
  'يوسف',
  'سارة',
  'حمد',
  'شيخة',
];
const LAST_ARABIC = [
  'المنصوري',
  'الهاشمي',
  'الكعبي',
  'النعيمي',
  'الشامسي',
  'المهيري',
  'الزعابي',
  'السويدي',
  'الظاهري',
  'القاسمي',
  'البلوشي',
  'الحمادي',
];
/** A name as an email's local part: letters only, without accents. */
const ascii = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** Where visitors, contractors and couriers come from: their company and mail domain. */
export const VISITOR_COMPANIES: [string, string][] = [
  ['Northwind Traders', 'northwind.example'],
  ['Contoso', 'contoso.example'],
  ['Fabrikam', 'fabrikam.example'],
  ['Tailspin Toys', 'tailspin.example'],
  ['Adventure Works', 'adventure-works.example'],
  ['Litware', 'litware.example'],
  ['Proseware', 'proseware.example'],
  ['Wingtip Toys', 'wingtip.example'],
  ['Woodgrove Bank', 'woodgrovebank.example'],
  ['Coho Vineyard', 'cohovineyard.example'],
  ['Lamna Healthcare', 'lamna.example'],
  ['Trey Research', 'treyresearch.example'],
  ['Alpine Ski House', 'alpineskihouse.example'],
  ['Blue Yonder Airlines', 'blueyonder.example'],
  ['City Power & Light', 'cpandl.example'],
  ['Graphic Design Institute', 'gdi.example'],
];
const DEPARTMENTS = ['Operations', 'Finance', 'Engineering', 'Sales', 'Security', 'Facilities', 'People', 'Legal'];
const LABELS: [string, string][] = [
  ['First aider', 'red'],
  ['Fire warden', 'orange'],
  ['Key holder', 'grape'],
  ['VIP', 'yellow'],
  ['Night shift', 'indigo'],
];
/** Calling codes by home site, in site order (the demo's offices first). */
const PHONE_CODES = ['971', '34', '44', '966', '971', '34'];

/** The share of each kind of person, in percent, and the user type they have (the demo's types). */
export const PEOPLE_MIX = [
  { kind: 'Staff', percent: 30 },
  { kind: 'Interns', percent: 3 },
  { kind: 'Visitors', percent: 45 },
  { kind: 'Contractors', percent: 10 },
  { kind: 'Delivery', percent: 12 },
] as const;

export type PeopleInput = {
  entityId: string;
  subdomain: string;
  count: number;
  employeeRoleId: string;
};

export async function loadPeople(db: SqlSession, input: PeopleInput): Promise<void> {
  const e = `${literal(input.entityId)}::uuid`;
  await db.query(
    `insert into departments (entity_id, id, name) select ${e}, ${uuid7('now()')}, d from unnest(${textArray(DEPARTMENTS)}) d`,
  );
  await db.query(
    `insert into labels (entity_id, id, name, color) select ${e}, ${uuid7('now()')}, l[1], l[2]
     from (select array[n, c] as l from unnest(${textArray(LABELS.map((l) => l[0]))}, ${textArray(LABELS.map((l) => l[1]))}) as x(n, c)) s`,
  );

  // The kind of each person, by number, interleaved so every range of ids has all kinds.
  let bound = 0;
  const kindCase = `case ${PEOPLE_MIX.map((m) => {
    bound += m.percent;
    return `when b < ${bound} then ${literal(m.kind)}`;
  }).join(' ')} end`;
  await db.query('drop table if exists bench_people');
  await db.query(`
    create temp table bench_people as
    select n, ${uuid7('created')} as id, created, ${kindCase} as kind, arabic, r1, r2, r3, r4, r5, r6, r7
    from (
      select n, (n * 37 + 11) % 100 as b, random() < 0.2 as arabic,
        random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6, random() as r7,
        now() - interval '1 day' * (10 + random() * 1085) - interval '1 second' * (random() * 86400) as created
      from generate_series(1, ${input.count}) n
    ) s`);
  await db.query(`
    create temp table bench_sites as
    select row_number() over (order by created_at, id) as k, id from sites where entity_id = ${e}`);
  await db.query(`
    create temp table bench_departments as
    select row_number() over (order by name) as k, id from departments where entity_id = ${e}`);

  const company = `(${textArray(VISITOR_COMPANIES.map((c) => c[0]))})[1 + floor(r3 * ${VISITOR_COMPANIES.length})::int]`;
  const domain = `(${textArray(VISITOR_COMPANIES.map((c) => c[1]))})[1 + floor(r3 * ${VISITOR_COMPANIES.length})::int]`;
  const localPart = `case when arabic then 'guest' else
      ${pick(FIRST_LATIN.map(ascii), 'r1')} || '.' || ${pick(LAST_LATIN.map(ascii), 'r2')} end`;
  const staff = `kind in ('Staff', 'Interns')`;
  await db.query(`
    insert into people (entity_id, id, first_name, last_name, email, phone_code, phone, id_number, company_name,
      role_id, department_id, status, rfid, qr_code, created_at, updated_at)
    select ${e}, p.id,
      case when arabic then ${pick(FIRST_ARABIC, 'r1')} else ${pick(FIRST_LATIN, 'r1')} end,
      case when arabic then ${pick(LAST_ARABIC, 'r2')} else ${pick(LAST_LATIN, 'r2')} end,
      case when not ${staff} and r4 < 0.1 then null
           when ${staff} then ${localPart} || '.' || n || '@' || ${literal(`${input.subdomain}.example`)}
           else ${localPart} || '.' || n || '@' || ${domain} end,
      case when r5 < 0.85 then (${textArray(PHONE_CODES)})[1 + (home - 1) % ${PHONE_CODES.length}] end,
      case when r5 < 0.85 then '5' || lpad(n::text, 8, '0') end,
      case when ${staff} then 'EMP' || lpad(n::text, 6, '0') when kind = 'Contractors' then 'C-' || n end,
      case when not ${staff} then ${company} end,
      ${literal(input.employeeRoleId)}::uuid,
      case when ${staff} then (select d.id from bench_departments d where d.k = 1 + floor(r4 * (select count(*) from bench_departments))::int) end,
      case when r5 > 0.96 then 'archived' else 'active' end,
      case when ${staff} and r7 < 0.5 then '04' || lpad(n::text, 8, '0') end,
      replace(gen_random_uuid()::text, '-', ''),
      created, created
    from (select bp.*, 1 + floor(r6 * (select count(*) from bench_sites))::int as home from bench_people bp) p`);

  // Home site (and a second one for a tenth of the staff), user type, a label for some staff.
  await db.query(`
    insert into person_sites (entity_id, person_id, site_id)
    select ${e}, p.id, s.id from bench_people p
    join bench_sites s on s.k = 1 + floor(p.r6 * (select count(*) from bench_sites))::int
    union
    select ${e}, p.id, s.id from bench_people p
    join bench_sites s on s.k = 1 + (floor(p.r6 * (select count(*) from bench_sites))::int + 1) % (select count(*) from bench_sites)
    where p.kind = 'Staff' and p.r7 < 0.1`);
  await db.query(`
    insert into person_user_types (entity_id, person_id, user_type_id)
    select ${e}, p.id, t.id from bench_people p join user_types t on t.entity_id = ${e} and t.name = p.kind`);
  await db.query(`
    insert into person_labels (entity_id, person_id, label_id)
    select ${e}, p.id, l.id from bench_people p
    join (select row_number() over (order by name) as k, id from labels where entity_id = ${e}) l
      on l.k = 1 + floor(p.r4 * ${LABELS.length})::int
    where p.kind = 'Staff' and p.r7 > 0.85`);
  for (const table of ['bench_people', 'bench_sites', 'bench_departments']) await db.query(`drop table ${table}`);
}
