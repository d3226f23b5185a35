import { and, eq, exists, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberships, people, personSites, roles, users } from '../../db/schema/index';

/** The roles whose members are a company's admins (besides its owners). */
const ADMIN_ROLE_KEYS = ['admin', 'system_admin'];

/**
 * The company's active admins (owners and members of an admin role) who see the site: every site, or
 * the site among their own (decision 007). Their login email and saved language.
 */
export async function findSiteAdmins(tx: Executor, entityId: string, siteId: string) {
  return tx
    .select({ email: users.email, lang: users.lang, firstName: users.firstName })
    .from(memberships)
    .innerJoin(roles, and(eq(roles.entityId, memberships.entityId), eq(roles.id, memberships.roleId)))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(people, and(eq(people.entityId, memberships.entityId), eq(people.membershipId, memberships.id)))
    .where(
      and(
        eq(memberships.entityId, entityId),
        eq(memberships.status, 'active'),
        or(eq(memberships.isOwner, true), inArray(roles.key, ADMIN_ROLE_KEYS)),
        or(
          eq(memberships.siteScope, 'all'),
          exists(
            tx
              .select({ one: personSites.siteId })
              .from(personSites)
              .where(
                and(
                  eq(personSites.entityId, memberships.entityId),
                  eq(personSites.personId, people.id),
                  eq(personSites.siteId, siteId),
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(users.email);
}

/** The company's language for mail to addresses that are nobody's login: its owner's saved language. */
export async function findCompanyLanguage(tx: Executor, entityId: string) {
  const [row] = await tx
    .select({ lang: users.lang })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.entityId, entityId), eq(memberships.isOwner, true)))
    .orderBy(memberships.createdAt)
    .limit(1);
  return row?.lang ?? null;
}
