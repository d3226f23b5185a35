// Dashboard (passport) access for a company's people (spec §3 "Invited user", §4 Invitations, §6
// "Users may be invited to or revoked from the dashboard"). Inviting creates or reuses the global
// login by email, opens a membership with the person's role and mails a link; revoking closes the
// membership and ends the person's sessions in this company. See decision 008.
import type { FastifyInstance } from 'fastify';
import { userRoom } from '@app/shared/realtime/events';
import { isLanguage, type Language } from '@app/shared/constants';
import type { InviteCandidate, MassResult, SkipReason } from '@app/shared/people/schemas';
import type { Executor } from '../../db/client';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AccessContext } from '../access/access.types';
import { writeAudits } from '../audit/audit.repository';
import { passwordLinkUrl } from '../auth/auth.service';
import type { Mail } from '../mail/mailer';
import { listRolesWithPermissions } from '../members/members.repository';
import {
  disableMemberships,
  endSessionsInEntity,
  findUsersByEmails,
  insertMemberships,
  insertPasswordLinks,
  insertUsers,
  markInvited,
  membershipsOfUsers,
  reactivateMemberships,
  setDashboardAccess,
} from './dashboard-access.repository';
import { sortOut } from './mass-result';
import { canGiveRole } from '../access/role-rules';
import { personInScope } from './person-scope';
import { fullName, isSelf, usesDashboard } from './person-view';
import { findPeople, type PersonRecord } from './people.repository';
import { inTenant } from '../access/in-tenant';

/** How long the set-password link of an invitation works (as long as a new company's welcome link). */
export const INVITE_LINK_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * The people asked for, each with why they cannot be invited (null when they can), and what the
 * invitation needs: their logins by email and those logins' memberships here. Four queries in all.
 */
async function assessInvitations(tx: Executor, ctx: AccessContext, ids: string[]) {
  const found = await findPeople(tx, ctx.entityId, personInScope(ctx), [...new Set(ids)]);
  const roles = new Map((await listRolesWithPermissions(tx, ctx.entityId)).map((r) => [r.id, r]));
  const logins = await findUsersByEmails(
    tx,
    found.flatMap((p) => (p.email ? [p.email] : [])),
  );
  const loginOf = (p: PersonRecord) => logins.find((u) => u.email.toLowerCase() === p.email?.toLowerCase());
  const memberships = await membershipsOfUsers(
    tx,
    ctx.entityId,
    logins.map((u) => u.id),
  );
  const reasonFor = (p: PersonRecord): SkipReason | null => {
    if (p.status !== 'active') return 'archived';
    if (p.dashboardAccess === 'active') return 'already_done';
    if (isSelf(ctx, p)) return 'self';
    if (!p.email) return 'no_email';
    const role = roles.get(p.roleId);
    if (!role || !canGiveRole(ctx, role)) return 'role_not_assignable';
    // The login already belongs to another of the company's people.
    const login = loginOf(p);
    const membership = login && memberships.find((m) => m.userId === login.id);
    if (membership?.personId && membership.personId !== p.id) return 'email_in_use';
    return null;
  };
  return { found, roles, logins, loginOf, memberships, reasonFor };
}

export async function listInviteCandidates(
  app: FastifyInstance,
  ctx: AccessContext,
  ids: string[],
  lang: Language,
): Promise<InviteCandidate[]> {
  const { found, reasonFor } = await inTenant(app, ctx, (tx) => assessInvitations(tx, ctx, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  return [...new Set(ids)].flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const reason = reasonFor(p);
    return [
      {
        id: p.id,
        first_name: p.firstName,
        last_name: p.lastName,
        full_name: fullName(p),
        email: p.email,
        phone_code: p.phoneCode,
        phone: p.phone,
        role_id: p.roleId,
        dashboard_access:
          (['none', 'invited', 'active', 'revoked'] as const).find((a) => a === p.dashboardAccess) ?? 'none',
        error: reason ? { reason, message: t(lang, `errors:skip.${reason}`) } : null,
      },
    ];
  });
}

/** Invites each person who can be; an invited person asked again gets a fresh email. */
export async function invitePeople(
  app: FastifyInstance,
  ctx: AccessContext,
  ids: string[],
  lang: Language,
): Promise<MassResult> {
  const { result, mails } = await inTenant(app, ctx, async (tx) => {
    const assessed = await assessInvitations(tx, ctx, ids);
    const { targets, skipped } = sortOut(ids, assessed.found, lang, assessed.reasonFor);

    // Logins: reuse by email, create the missing ones (no password until the link is used).
    const missing = targets.filter((p) => !assessed.loginOf(p));
    await insertUsers(
      tx,
      missing.map((p) => ({ id: newId(), email: p.email!, firstName: p.firstName, lastName: p.lastName, lang })),
    );
    const logins = missing.length
      ? await findUsersByEmails(
          tx,
          targets.map((p) => p.email!),
        )
      : assessed.logins;
    const loginOf = (p: PersonRecord) => logins.find((u) => u.email.toLowerCase() === p.email!.toLowerCase())!;
    const memberships = missing.length
      ? await membershipsOfUsers(
          tx,
          ctx.entityId,
          logins.map((u) => u.id),
        )
      : assessed.memberships;

    // Memberships: reopen the person's old one, or open one limited to the person's own sites and
    // user types (spec §6: admins see what is assigned to them).
    const links = targets.map((p) => {
      const login = loginOf(p);
      const existing = memberships.find((m) => m.userId === login.id);
      return { person: p, login, membershipId: existing?.id ?? newId(), isNew: !existing };
    });
    await reactivateMemberships(
      tx,
      ctx.entityId,
      links.filter((l) => !l.isNew).map((l) => ({ id: l.membershipId, roleId: l.person.roleId })),
    );
    await insertMemberships(
      tx,
      links
        .filter((l) => l.isNew)
        .map((l) => ({
          entityId: ctx.entityId,
          id: l.membershipId,
          userId: l.login.id,
          roleId: l.person.roleId,
          siteScope: 'assigned',
        })),
    );
    await markInvited(
      tx,
      ctx.entityId,
      links.map((l) => ({ personId: l.person.id, membershipId: l.membershipId, userId: l.login.id })),
    );

    // A login without a password gets a link to choose one; the others simply sign in.
    const expiresAt = new Date(Date.now() + INVITE_LINK_TTL_MS);
    const tokens = new Map(links.filter((l) => !l.login.hasPassword).map((l) => [l.login.id, randomToken()]));
    await insertPasswordLinks(
      tx,
      [...tokens].map(([userId, token]) => ({ id: newId(), userId, tokenHash: sha256(token), expiresAt })),
    );
    await writeAudits(
      tx,
      ctx,
      links.map((l) => ({
        action: 'person.dashboard.invite',
        targetType: 'person',
        targetId: l.person.id,
        before: { dashboard_access: l.person.dashboardAccess },
        after: { dashboard_access: 'invited', membership_id: l.membershipId, user_id: l.login.id },
      })),
    );
    const mails = links.map(({ person, login }): Mail => {
      const mailLang = isLanguage(login.lang) ? login.lang : lang;
      const token = tokens.get(login.id);
      const vars = {
        name: person.firstName,
        company: ctx.entity.name,
        role: assessed.roles.get(person.roleId)?.name ?? '',
        hours: INVITE_LINK_TTL_MS / 3_600_000,
        link: token ? passwordLinkUrl(app.env.appUrl, token) : `${app.env.appUrl}/login`,
      };
      return {
        to: login.email,
        subject: t(mailLang, 'emails:invite_subject', vars),
        text: t(mailLang, token ? 'emails:invite_body' : 'emails:invite_existing_body', vars),
      };
    });
    return { result: { done: links.map((l) => l.person.id), skipped }, mails };
  });
  // After the commit: the outbox is global and must not wait on this company's transaction.
  for (const mail of mails) await app.mailer.send(mail);
  return result;
}

/** Ends dashboard access in this company: never the owner's, never the caller's own. */
export async function revokePeople(
  app: FastifyInstance,
  ctx: AccessContext,
  ids: string[],
  lang: Language,
): Promise<MassResult> {
  const { result, sessionIds, userIds } = await inTenant(app, ctx, async (tx) => {
    const found = await findPeople(tx, ctx.entityId, personInScope(ctx), [...new Set(ids)]);
    const { targets, skipped } = sortOut(ids, found, lang, (p) => {
      if (p.isDefault) return 'owner';
      if (isSelf(ctx, p)) return 'self';
      return usesDashboard(p) ? null : 'already_done';
    });
    await disableMemberships(
      tx,
      ctx.entityId,
      targets.flatMap((p) => (p.membershipId ? [p.membershipId] : [])),
    );
    const userIds = targets.flatMap((p) => (p.userId ? [p.userId] : []));
    const sessionIds = await endSessionsInEntity(tx, userIds);
    const done = targets.map((p) => p.id);
    await setDashboardAccess(tx, ctx.entityId, done, 'revoked');
    await writeAudits(
      tx,
      ctx,
      targets.map((p) => ({
        action: 'person.dashboard.revoke',
        targetType: 'person',
        targetId: p.id,
        before: { dashboard_access: p.dashboardAccess },
        after: { dashboard_access: 'revoked' },
      })),
    );
    return { result: { done, skipped }, sessionIds, userIds };
  });
  // After the commit: their open dashboards here stop at once, on every node.
  app.realtime.closeSessions(sessionIds);
  for (const userId of userIds) await app.realtime.recheckSockets(userRoom(userId));
  return result;
}
