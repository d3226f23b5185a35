import { and, eq, inArray, isNull } from 'drizzle-orm';
import { newId } from '../../lib/ids';
import { newQrCode } from '../../modules/entities/entity-setup';
import type { Executor } from '../../db/client';
import {
  departments,
  labels,
  people,
  personLabels,
  personSites,
  personUserTypes,
  roles,
  sites,
  userTypes,
} from '../../db/schema/index';

// The demo company's people: staff in two offices, interns, visitors, contractors and couriers, with
// departments and labels. A fixed seed keeps the demo the same on every fresh start.

export const FIRST_LATIN = [
  'Omar',
  'Layla',
  'Carlos',
  'Lucía',
  'James',
  'Fatima',
  'Javier',
  'Sara',
  'Ahmed',
  'Elena',
  'Daniel',
  'Mariam',
  'Pablo',
  'Noor',
  'Michael',
  'Aisha',
  'Diego',
  'Hana',
  'David',
  'Carmen',
  'Khalid',
  'Isabel',
  'Thomas',
  'Yousef',
  'Marta',
  'Rania',
  'Sergio',
  'Emily',
  'Hassan',
  'Alba',
];
export const LAST_LATIN = [
  'Haddad',
  'García',
  'Smith',
  'Al Mansouri',
  'Fernández',
  'Khan',
  'López',
  'Nasser',
  'Martín',
  'Brown',
  'Saleh',
  'Romero',
  'Taylor',
  'Hamdan',
  'Navarro',
  'Wilson',
  'Al Hashimi',
  'Torres',
  'Evans',
  'Qasim',
];
const FIRST_ARABIC = ['محمد', 'فاطمة', 'علي', 'مريم', 'خالد', 'نورة', 'سلطان', 'عائشة', 'راشد', 'هند'];
const LAST_ARABIC = ['المنصوري', 'الهاشمي', 'الكعبي', 'النعيمي', 'الشامسي', 'المهيري', 'الزعابي', 'السويدي'];
/** Where the visitors, contractors and couriers come from: their company name and mail domain. */
const VISITOR_COMPANIES = [
  { name: 'Northwind Traders', domain: 'northwind.example' },
  { name: 'Contoso', domain: 'contoso.example' },
  { name: 'Fabrikam', domain: 'fabrikam.example' },
  { name: 'Tailspin Toys', domain: 'tailspin.example' },
];

const DEPARTMENTS = ['Operations', 'Finance', 'Engineering', 'Sales', 'Security', 'Facilities', 'People'];
const LABELS = [
  { name: 'First aider', color: 'red' },
  { name: 'Fire warden', color: 'orange' },
  { name: 'Key holder', color: 'grape' },
  { name: 'VIP', color: 'yellow' },
  { name: 'Night shift', color: 'indigo' },
];

/** Mulberry32: a small deterministic generator, so the demo is reproducible. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  return { next, pick, digits };
}

type Plan = { type: string; count: number; staff: boolean };
const PLAN: Plan[] = [
  { type: 'Staff', count: 120, staff: true },
  { type: 'Interns', count: 15, staff: true },
  { type: 'Visitors', count: 35, staff: false },
  { type: 'Contractors', count: 20, staff: false },
  { type: 'Delivery', count: 10, staff: false },
];

export const DEMO_PEOPLE_COUNT = PLAN.reduce((n, p) => n + p.count, 0);

export async function seedDemoPeople(tx: Executor, entityId: string) {
  const rnd = generator(20261122);
  const roleRows = await tx.select().from(roles).where(eq(roles.entityId, entityId));
  const roleId = (key: string) => roleRows.find((r) => r.key === key)!.id;
  const siteRows = await tx.select().from(sites).where(eq(sites.entityId, entityId)).orderBy(sites.name);
  const typeRows = await tx.select().from(userTypes).where(eq(userTypes.entityId, entityId));
  const typeId = (name: string) => typeRows.find((t) => t.name === name)!.id;

  const departmentRows = DEPARTMENTS.map((name) => ({ entityId, id: newId(), name }));
  await tx.insert(departments).values(departmentRows);
  const labelRows = LABELS.map((l) => ({ entityId, id: newId(), ...l }));
  await tx.insert(labels).values(labelRows);

  const usedEmails = new Set<string>();
  const rows: (typeof people.$inferInsert)[] = [];
  const siteLinks: (typeof personSites.$inferInsert)[] = [];
  const typeLinks: (typeof personUserTypes.$inferInsert)[] = [];
  const labelLinks: (typeof personLabels.$inferInsert)[] = [];
  let staffNo = 0;
  for (const plan of PLAN) {
    for (let i = 0; i < plan.count; i++) {
      const arabic = rnd.next() < 0.2;
      const firstName = arabic ? rnd.pick(FIRST_ARABIC) : rnd.pick(FIRST_LATIN);
      const lastName = arabic ? rnd.pick(LAST_ARABIC) : rnd.pick(LAST_LATIN);
      const id = newId();
      const dubai = rnd.next() < 0.6;
      const local = `${arabic ? 'guest' : `${firstName}.${lastName}`.normalize('NFD').replace(/[^A-Za-z.]/g, '')}`
        .toLowerCase()
        .replace(/\.+/g, '.');
      const company = plan.staff ? null : rnd.pick(VISITOR_COMPANIES);
      const domain = company?.domain ?? 'demo.localhost';
      let email = `${local}@${domain}`;
      for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${domain}`;
      usedEmails.add(email);
      if (plan.staff) staffNo++;
      rows.push({
        entityId,
        id,
        firstName,
        lastName,
        email,
        phoneCode: dubai ? '971' : '34',
        phone: dubai ? `5${rnd.digits(8)}` : `6${rnd.digits(8)}`,
        idNumber: plan.staff
          ? `EMP${String(staffNo).padStart(4, '0')}`
          : plan.type === 'Contractors'
            ? `C-${String(1000 + i)}`
            : null,
        companyName: company?.name ?? null,
        roleId: roleId('employee'),
        departmentId: plan.staff ? rnd.pick(departmentRows).id : null,
        status: rnd.next() < 0.04 ? 'archived' : 'active',
        rfid: plan.staff && rnd.next() < 0.5 ? `04${rnd.digits(8)}` : null,
        qrCode: newQrCode(),
      });
      const home = dubai
        ? siteRows.find((s) => s.name.startsWith('Dubai'))
        : siteRows.find((s) => !s.name.startsWith('Dubai'));
      siteLinks.push({ entityId, personId: id, siteId: (home ?? siteRows[0]!).id });
      if (plan.staff && rnd.next() < 0.1) {
        for (const other of siteRows.filter((s) => s.id !== home?.id))
          siteLinks.push({ entityId, personId: id, siteId: other.id });
      }
      typeLinks.push({ entityId, personId: id, userTypeId: typeId(plan.type) });
      if (plan.staff && rnd.next() < 0.15) labelLinks.push({ entityId, personId: id, labelId: rnd.pick(labelRows).id });
    }
  }
  // RFID values must be unique: drop repeats the generator may have produced.
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.rfid && seen.has(row.rfid)) row.rfid = null;
    if (row.rfid) seen.add(row.rfid);
  }
  for (let i = 0; i < rows.length; i += 100) await tx.insert(people).values(rows.slice(i, i + 100));
  await tx.insert(personSites).values(siteLinks).onConflictDoNothing();
  await tx.insert(personUserTypes).values(typeLinks);
  await tx.insert(personLabels).values(labelLinks).onConflictDoNothing();

  // The dashboard members (created with the company) work at every site as staff.
  const members = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.entityId, entityId), isNull(people.idNumber), inArray(people.dashboardAccess, ['active'])));
  for (const member of members) {
    await tx
      .insert(personSites)
      .values(siteRows.map((s) => ({ entityId, personId: member.id, siteId: s.id })))
      .onConflictDoNothing();
    await tx
      .insert(personUserTypes)
      .values({ entityId, personId: member.id, userTypeId: typeId('Staff') })
      .onConflictDoNothing();
    await tx
      .update(people)
      .set({ departmentId: departmentRows[0]!.id })
      .where(and(eq(people.entityId, entityId), eq(people.id, member.id)));
  }
}
