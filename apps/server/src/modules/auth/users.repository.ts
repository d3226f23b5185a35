import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { entities, memberships, passwordResets, roles, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/**
 * A person's active companies. A global look-up made before any company is chosen, so it runs as the
 * owner role; it is keyed by the person, never by a company the caller names.
 */
export async function listUserMemberships(db: Executor, userId: string) {
  return db
    .select({
      entityId: entities.id,
      name: entities.name,
      subdomain: entities.subdomain,
      logo: entities.logo,
      package: entities.package,
      role: roles.name,
    })
    .from(memberships)
    .innerJoin(entities, eq(entities.id, memberships.entityId))
    .innerJoin(roles, and(eq(roles.entityId, memberships.entityId), eq(roles.id, memberships.roleId)))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(entities.name);
}

export async function insertPasswordReset(db: Executor, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

export async function findUsablePasswordReset(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        sql`${passwordResets.usedAt} is null`,
        sql`${passwordResets.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the reset used; false when another request used it first. */
export async function consumePasswordReset(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.id, id), sql`${passwordResets.usedAt} is null`))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}
