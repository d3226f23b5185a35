import type { FastifyInstance } from 'fastify';
import { eq, isNull, and } from 'drizzle-orm';
import type { PassportInvitation } from '@app/shared/passport/schemas';
import {
  acceptInvitation,
  AppError,
  disableMemberships,
  endSessionsInEntity,
  publicLogoUrl,
  setDashboardAccess,
  tables,
  withTenant,
} from '../../platform';
import type { SignedIn } from '../sessions/current-account';
import { invitationsOfEmail, type InvitationRow } from './invitations.repository';

// Spec §4 "Invitations": a dashboard invitation can be accepted or rejected. The person sees, in their
// passport, the invitations of their own verified address only (decision 047).

const STATUS = { invited: 'invited', active: 'accepted', revoked: 'revoked' } as const;

const toInvitation = (appUrl: string, row: InvitationRow): PassportInvitation => ({
  id: row.personId,
  entity_name: row.entityName,
  entity_logo: publicLogoUrl(appUrl, row.entityLogo),
  role: row.role,
  invited_at: (row.invitedAt ?? new Date(0)).toISOString(),
  status: STATUS[row.access as keyof typeof STATUS] ?? 'revoked',
});

export async function listInvitations(app: FastifyInstance, me: SignedIn) {
  return (await invitationsOfEmail(app.db.db, me.account.email)).map((row) => toInvitation(app.env.appUrl, row));
}

/** An invitation of the signed-in person's address that is still waiting, or a 404 (never another's). */
async function waiting(app: FastifyInstance, me: SignedIn, personId: string) {
  const row = (await invitationsOfEmail(app.db.db, me.account.email)).find((r) => r.personId === personId);
  if (!row || row.access !== 'invited' || !row.userId || !row.membershipId) throw new AppError('not_found');
  return row as InvitationRow & { userId: string; membershipId: string };
}

/** Accepting: the person's dashboard access is active, and the login is linked to this passport. */
export async function acceptPassportInvitation(app: FastifyInstance, me: SignedIn, personId: string) {
  const row = await waiting(app, me, personId);
  await withTenant(app.db.db, row.entityId, (tx) => acceptInvitation(tx, row.entityId, row.userId));
  await app.db.db
    .update(tables.users)
    .set({ passportId: me.account.id, updatedAt: new Date() })
    .where(and(eq(tables.users.id, row.userId), isNull(tables.users.passportId)));
}

/** Rejecting: the membership closes, any session there ends, and the company sees no dashboard access. */
export async function rejectPassportInvitation(app: FastifyInstance, me: SignedIn, personId: string) {
  const row = await waiting(app, me, personId);
  await withTenant(app.db.db, row.entityId, async (tx) => {
    await disableMemberships(tx, row.entityId, [row.membershipId]);
    await setDashboardAccess(tx, row.entityId, [row.personId], 'none');
    await endSessionsInEntity(tx, [row.userId]);
  });
}
