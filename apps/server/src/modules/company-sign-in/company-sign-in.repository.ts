import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { entityIdentityProviders, memberships, users } from '../../db/schema/index';

// A company's own identity provider (a tenant table) and the company's members it may sign in. Every
// function runs in the company's transaction (withTenant) and takes the company's id.

export type IdentityProviderRow = typeof entityIdentityProviders.$inferSelect;

export async function findIdentityProvider(db: Executor, entityId: string): Promise<IdentityProviderRow | null> {
  const [row] = await db
    .select()
    .from(entityIdentityProviders)
    .where(eq(entityIdentityProviders.entityId, entityId))
    .limit(1);
  return row ?? null;
}

export async function saveIdentityProvider(
  db: Executor,
  entityId: string,
  values: { issuer: string; clientId: string; clientSecretSealed: string; enabled: boolean },
): Promise<IdentityProviderRow> {
  const [row] = await db
    .insert(entityIdentityProviders)
    .values({ entityId, ...values })
    .onConflictDoUpdate({ target: entityIdentityProviders.entityId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** The removed provider, or null when the company had none. */
export async function deleteIdentityProvider(db: Executor, entityId: string): Promise<IdentityProviderRow | null> {
  const [row] = await db
    .delete(entityIdentityProviders)
    .where(eq(entityIdentityProviders.entityId, entityId))
    .returning();
  return row ?? null;
}

/**
 * The dashboard login with this email that is an active member of this company: the only person the
 * company's provider may sign in. Null when there is none (a member of another company is nobody here).
 */
export async function findActiveMemberByEmail(db: Executor, entityId: string, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.entityId, entityId),
        eq(memberships.status, 'active'),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
