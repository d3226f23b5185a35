import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { entities, entityColumns, memberships } from '../../db/schema/index';
import { toEntityRecord, type EntityRow } from '../access/access.repository';
import type { EntityRecord } from '../access/access.types';

export async function findEntityByClientToken(db: Executor, tokenHash: string): Promise<EntityRecord | null> {
  const [row] = await db.select(entityColumns).from(entities).where(eq(entities.clientTokenHash, tokenHash)).limit(1);
  return row ? toEntityRecord(row) : null;
}

export async function findEntityBySubdomain(db: Executor, subdomain: string): Promise<EntityRecord | null> {
  const [row] = await db
    .select(entityColumns)
    .from(entities)
    .where(sql`lower(${entities.subdomain}) = ${subdomain.toLowerCase()}`)
    .limit(1);
  return row ? toEntityRecord(row) : null;
}

export async function isSubdomainTaken(db: Executor, subdomain: string, exceptEntityId?: string): Promise<boolean> {
  const same = sql`lower(${entities.subdomain}) = ${subdomain.toLowerCase()}`;
  const [row] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(exceptEntityId ? and(same, ne(entities.id, exceptEntityId)) : same)
    .limit(1);
  return Boolean(row);
}

export async function getEntityRow(db: Executor, entityId: string): Promise<EntityRow | null> {
  const [row] = await db.select(entityColumns).from(entities).where(eq(entities.id, entityId)).limit(1);
  return row ?? null;
}

export async function updateEntity(db: Executor, entityId: string, values: Partial<typeof entities.$inferInsert>) {
  const [row] = await db
    .update(entities)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(entities.id, entityId))
    .returning(entityColumns);
  return row ?? null;
}

export async function insertEntity(db: Executor, values: typeof entities.$inferInsert) {
  await db.insert(entities).values(values);
}

/** Every company, for platform administrators. */
export async function listEntities(db: Executor, opts: { search?: string; limit: number; offset: number }) {
  const where = opts.search
    ? or(ilike(entities.name, `%${opts.search}%`), ilike(entities.subdomain, `%${opts.search}%`))
    : undefined;
  const members = db
    .select({ entityId: memberships.entityId, n: count().as('n') })
    .from(memberships)
    .groupBy(memberships.entityId)
    .as('members');
  const rows = await db
    .select({ entity: entityColumns, members: sql<number>`coalesce(${members.n}, 0)::int` })
    .from(entities)
    .leftJoin(members, eq(members.entityId, entities.id))
    .where(where)
    .orderBy(entities.name, entities.id)
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(entities).where(where);
  return { rows, count: Number(total?.n ?? 0) };
}
