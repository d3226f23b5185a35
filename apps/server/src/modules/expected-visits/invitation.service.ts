// Sending an expected visitor their invitation again (the spec's POST /compliance-resent): the same
// email as when the visit was made, with the visit's confirmation link and code, while the link works.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { mayArrive, type JourneyStage } from '@app/shared/visits/stages';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import { assertMayChangeVisit } from './visit-editor';
import { writeAudit } from '../audit/audit.repository';
import {
  findAreaWithSite,
  findPersonRow,
  findUserType,
  findVisit,
  updateVisit,
  visitInScope,
} from './expected-visits.repository';
import { invite } from './expected-visits.service';
import { linkExpiryOf } from './visit-rules';

/** One invitation a minute per visit: a double click or an impatient admin sends one email. */
export const INVITATION_INTERVAL_MS = 60_000;

/** Why an invitation cannot go out now, as the admin reads it (the link's own reasons, worded for them). */
const REFUSAL: Record<string, string> = {
  VISIT_DELETED: 'expected_visit_not_expected',
  VISIT_ARRIVED: 'expected_visit_not_expected',
  SCAN_EXPIRED: 'expected_visit_not_expected',
  VISIT_REJECTED: 'expected_visit_invite_rejected',
  VISIT_EXPIRED: 'expected_visit_invite_missed',
  // The invitation's link confirms the visit: once confirmed it opens as expired (decision 014).
  VISIT_CONFIRMED: 'expected_visit_invite_confirmed',
};

export async function resendInvitation(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  lang: Language,
  now = new Date(),
) {
  const { mail, email } = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const row = await findVisit(tx, ctx.entityId, id, visitInScope(ctx), true);
    if (!row) throw new AppError('not_found');
    await assertMayChangeVisit(tx, ctx, row);
    const type = row.userTypeId ? await findUserType(tx, ctx.entityId, row.userTypeId) : null;
    // Judged as the emailed link will be opened: to confirm the visit.
    const expiry = linkExpiryOf(row, type, 'confirm', now);
    // Not rejected (the link says so) yet not free to come: the email would say the company expects them.
    if (!expiry && !mayArrive(row.stage as JourneyStage | null)) {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'expected_visit_invite_awaiting' });
    }
    if (expiry)
      throw new AppError('rule_violation', {
        field: 'id',
        messageKey: REFUSAL[expiry] ?? 'expected_visit_not_expected',
      });
    const person = await findPersonRow(tx, ctx.entityId, row.personId);
    if (!person?.email)
      throw new AppError('rule_violation', { field: 'email', messageKey: 'expected_visit_invite_no_email' });
    const last = typeof row.extra.invited_at === 'string' ? Date.parse(row.extra.invited_at) : NaN;
    if (now.getTime() - last < INVITATION_INTERVAL_MS) {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'expected_visit_invite_too_soon' });
    }
    const place = row.areaId ? await findAreaWithSite(tx, ctx.entityId, row.areaId) : null;
    const mail = invite(app, ctx, lang, row, {
      name: person.firstName,
      email: person.email,
      place: place ? `${place.site.name}, ${place.area.name}` : '',
    });
    await updateVisit(tx, ctx.entityId, row.id, { extra: { ...row.extra, invited_at: now.toISOString() } });
    await writeAudit(tx, ctx, {
      action: 'visit.invitation_sent',
      targetType: 'visit',
      targetId: row.id,
      after: { email: person.email },
    });
    return { mail, email: person.email };
  });
  if (mail) await app.mailer.send(mail);
  return { message: t(lang, 'errors:expected_visit_invite_sent', { email }) };
}
