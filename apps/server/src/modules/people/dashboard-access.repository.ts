import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { memberships, people } from '../../db/schema/index';

// Dashboard access of a company's people: the global login (users), the membership in the company,
// the link from the person, and the sessions to end on revoke. Every change covers a whole selection
// in one statement. users, password_resets and sessions are global tables that a company's transaction
// reaches only through the functions of migration 0017 (decision 019); the rest is the company's.

const values = (rows: string[][]) =>
  sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          row.map((v) => sql`${v}::uuid`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );

/**
 * The platform logins of these emails (whether they exist, their language, whether they have a
 * password), read through the one function a company's transaction may use for it (decision 019).
 */
export async function findUsersByEmails(tx: Executor, emails: string[]) {
  if (emails.length === 0) return [];
  const res = await tx.execute(
    sql`select id, email, lang, has_password from app_logins_by_email(${sqlArray(emails, 'text')})`,
  );
  return rowsOf<{ id: string; email: string; lang: string; has_password: boolean }>(res).map((r) => ({
    id: r.id,
    email: r.email,
    lang: r.lang,
    hasPassword: r.has_password,
  }));
}

/** New logins for invited people, without a password; a login made at the same moment elsewhere wins. */
export async function insertUsers(
  tx: Executor,
  rows: { id: string; email: string; firstName: string; lastName: string; lang: string }[],
) {
  if (rows.length === 0) return;
  const logins = rows.map((r) => ({
    id: r.id,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    lang: r.lang,
  }));
  await tx.execute(sql`select app_create_logins(${JSON.stringify(logins)}::jsonb)`);
}

/** The memberships these logins have in the company, with the person each is linked to. */
export async function membershipsOfUsers(tx: Executor, entityId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({
      id: memberships.id,
      userId: memberships.userId,
      status: memberships.status,
      isOwner: memberships.isOwner,
      personId: people.id,
    })
    .from(memberships)
    .leftJoin(people, and(eq(people.entityId, memberships.entityId), eq(people.membershipId, memberships.id)))
    .where(and(eq(memberships.entityId, entityId), inArray(memberships.userId, userIds)));
}

export async function insertMemberships(tx: Executor, rows: (typeof memberships.$inferInsert)[]) {
  if (rows.length) await tx.insert(memberships).values(rows);
}

/** Opens existing memberships again, each with its person's role. */
export async function reactivateMemberships(tx: Executor, entityId: string, rows: { id: string; roleId: string }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update memberships m set status = 'active', role_id = v.role_id, updated_at = now()
    from (values ${values(rows.map((r) => [r.id, r.roleId]))}) as v(id, role_id)
    where m.entity_id = ${entityId} and m.id = v.id`);
}

/** Links people to their login and membership and marks them invited. */
export async function markInvited(
  tx: Executor,
  entityId: string,
  rows: { personId: string; membershipId: string; userId: string }[],
) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update people p set membership_id = v.membership_id, user_id = v.user_id, dashboard_access = 'invited',
      invited_at = now(), updated_at = now()
    from (values ${values(rows.map((r) => [r.personId, r.membershipId, r.userId]))}) as v(id, membership_id, user_id)
    where p.entity_id = ${entityId} and p.id = v.id`);
}

/** Set-password links for invited logins that have no password yet (the function checks both). */
export async function insertPasswordLinks(
  tx: Executor,
  rows: { id: string; userId: string; tokenHash: string; expiresAt: Date }[],
) {
  if (rows.length === 0) return;
  const links = rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    token_hash: r.tokenHash,
    expires_at: r.expiresAt.toISOString(),
  }));
  await tx.execute(sql`select app_issue_password_links(${JSON.stringify(links)}::jsonb)`);
}

/** Revoked memberships stay (with the member's table preferences) so a new invitation reopens them. */
export async function disableMemberships(tx: Executor, entityId: string, membershipIds: string[]) {
  if (membershipIds.length === 0) return;
  await tx
    .update(memberships)
    .set({ status: 'revoked', updatedAt: new Date() })
    .where(and(eq(memberships.entityId, entityId), inArray(memberships.id, membershipIds)));
}

/** Ends these logins' sessions in this company (their sessions elsewhere go on); returns their ids. */
export async function endSessionsInEntity(tx: Executor, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const res = await tx.execute(sql`select id from app_end_member_sessions(${sqlArray(userIds, 'uuid')}) as id`);
  return rowsOf<{ id: string }>(res).map((r) => r.id);
}

export async function setDashboardAccess(
  tx: Executor,
  entityId: string,
  personIds: string[],
  access: 'none' | 'invited' | 'active' | 'revoked',
) {
  if (personIds.length === 0) return;
  await tx
    .update(people)
    .set({ dashboardAccess: access, updatedAt: new Date() })
    .where(and(eq(people.entityId, entityId), inArray(people.id, personIds)));
}

export async function setMembershipRole(tx: Executor, entityId: string, membershipId: string, roleId: string) {
  await tx
    .update(memberships)
    .set({ roleId, updatedAt: new Date() })
    .where(and(eq(memberships.entityId, entityId), eq(memberships.id, membershipId)));
}

export async function deleteMembership(tx: Executor, entityId: string, membershipId: string) {
  await tx.delete(memberships).where(and(eq(memberships.entityId, entityId), eq(memberships.id, membershipId)));
}

/** The first time an invited person opens the company, the invitation is accepted. */
export async function acceptInvitation(tx: Executor, entityId: string, userId: string) {
  await tx
    .update(people)
    .set({ dashboardAccess: 'active', updatedAt: new Date() })
    .where(and(eq(people.entityId, entityId), eq(people.userId, userId), eq(people.dashboardAccess, 'invited')));
}
