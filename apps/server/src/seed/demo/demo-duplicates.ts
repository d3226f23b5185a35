// The demo company's duplicates (issue 16, decision 032): three people entered a second time the way it
// happens at a front desk — a visitor who pre-registered again with a `+tag` on their email, a
// contractor whose phone was typed with its leading zero and no country code, and a visitor whose first
// name was misspelt at the same company — and a first scan, so the duplication control board has
// pairs to show and merge on a fresh start.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { newId } from '../../lib/ids';
import { newQrCode } from '../../modules/entities/entity-setup';
import { queueScan, scanCompany } from '../../modules/duplicates/duplicate-scan';
import { withTenant, type Executor } from '../../db/client';
import { people, personSites, personUserTypes, userTypes } from '../../db/schema/index';

type Copy = (original: typeof people.$inferSelect) => Partial<typeof people.$inferInsert>;

async function firstOfType(tx: Executor, entityId: string, typeName: string, offset: number) {
  const rows = await tx
    .select({ person: people })
    .from(people)
    .innerJoin(
      personUserTypes,
      and(eq(personUserTypes.entityId, people.entityId), eq(personUserTypes.personId, people.id)),
    )
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .where(and(eq(people.entityId, entityId), eq(userTypes.name, typeName), isNotNull(people.companyName)))
    .orderBy(asc(people.lastName), asc(people.firstName), asc(people.id))
    .limit(1)
    .offset(offset);
  return rows[0]?.person ?? null;
}

async function copyPerson(tx: Executor, entityId: string, original: typeof people.$inferSelect, change: Copy) {
  const id = newId();
  await tx.insert(people).values({
    entityId,
    id,
    firstName: original.firstName,
    lastName: original.lastName,
    companyName: original.companyName,
    roleId: original.roleId,
    qrCode: newQrCode(),
    ...change(original),
  });
  const sites = await tx
    .select()
    .from(personSites)
    .where(and(eq(personSites.entityId, entityId), eq(personSites.personId, original.id)));
  if (sites.length) await tx.insert(personSites).values(sites.map((s) => ({ ...s, personId: id })));
  const types = await tx
    .select()
    .from(personUserTypes)
    .where(and(eq(personUserTypes.entityId, entityId), eq(personUserTypes.personId, original.id)));
  if (types.length) await tx.insert(personUserTypes).values(types.map((t) => ({ ...t, personId: id })));
}

export async function seedDemoDuplicates(db: Executor, entityId: string) {
  await withTenant(db, entityId, async (tx) => {
    const visitor = await firstOfType(tx, entityId, 'Visitors', 0);
    if (visitor?.email) {
      const [local, domain] = visitor.email.split('@');
      await copyPerson(tx, entityId, visitor, () => ({
        email: `${local}+visit@${domain}`,
        phone: null,
        phoneCode: null,
      }));
    }
    const contractor = await firstOfType(tx, entityId, 'Contractors', 0);
    if (contractor?.phone) {
      await copyPerson(tx, entityId, contractor, (p) => ({ email: null, phone: `0${p.phone}`, phoneCode: null }));
    }
    const misspelt = await firstOfType(tx, entityId, 'Visitors', 3);
    if (misspelt) {
      await copyPerson(tx, entityId, misspelt, (p) => ({
        firstName:
          p.firstName.length > 3 ? `${p.firstName.slice(0, -1)}${p.firstName.slice(-1).repeat(2)}` : `${p.firstName}e`,
        email: null,
        phone: null,
        phoneCode: null,
      }));
    }
  });
  const { id } = await queueScan(db, entityId, null);
  await scanCompany(db, entityId, id);
}
