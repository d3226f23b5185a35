import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { tables, type Executor } from '../../platform';

const { entities, memberships, people, roles, users } = tables;

/** What the passport shows of a person's dashboard access: open ones and past ones, not "none". */
const SHOWN = ['invited', 'active', 'revoked'];

/**
 * The dashboard invitations of one verified address, across companies: the people whose dashboard login
 * has that email. Read on the owner's connection (no company is set), so every condition is explicit;
 * nothing of a company is shown to anyone but the owner of the invited address.
 */
export async function invitationsOfEmail(db: Executor, email: string) {
  return db
    .select({
      personId: people.id,
      entityId: people.entityId,
      entityName: entities.name,
      entityLogo: entities.logo,
      entitySubdomain: entities.subdomain,
      role: roles.name,
      access: people.dashboardAccess,
      invitedAt: people.invitedAt,
      userId: people.userId,
      membershipId: people.membershipId,
    })
    .from(people)
    .innerJoin(users, eq(users.id, people.userId))
    .innerJoin(entities, eq(entities.id, people.entityId))
    .leftJoin(roles, and(eq(roles.entityId, people.entityId), eq(roles.id, people.roleId)))
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, inArray(people.dashboardAccess, SHOWN)))
    .orderBy(desc(people.invitedAt));
}
export type InvitationRow = Awaited<ReturnType<typeof invitationsOfEmail>>[number];

/** Whether a membership is still open (an invitation whose membership was closed is not one). */
export async function membershipIsActive(db: Executor, entityId: string, membershipId: string) {
  const [row] = await db
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.entityId, entityId), eq(memberships.id, membershipId)))
    .limit(1);
  return row?.status === 'active';
}
