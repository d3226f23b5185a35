// The screenings a company's watchlist made, and an admin's decisions on them (decision 051): approve a
// waiting review (the person may come in until the end of the company's day), reject it, or say the
// person is not the entry ("not a match", remembered for the pair, so screening skips it from then on).
import type { FastifyInstance } from 'fastify';
import { endOfLocalDay, localDate } from '@app/shared/compliances/validity';
import { localStamp } from '@app/shared/visits/rules';
import type { Screening, ScreeningDecisionBody, ScreeningsList, ScreeningsQuery } from '@app/shared/watchlist/schemas';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { writeAudit } from '../audit/audit.repository';
import {
  decideSiblings,
  findScreening,
  insertDismissal,
  listScreenings,
  updateScreening,
  type ScreeningRecord,
} from './watchlist.repository';

export function toScreening(r: ScreeningRecord, zone: string): Screening {
  const s = r.screening;
  return {
    id: s.id,
    at: { at: s.at.toISOString(), local: localStamp(s.at, zone) },
    way: s.way as Screening['way'],
    person_id: s.personId,
    subject: s.subject,
    entry: { id: s.entryId, full_name: s.entryName, exists: r.entryExists },
    level: s.level as Screening['level'],
    score: s.score,
    reasons: s.reasons,
    outcome: s.outcome as Screening['outcome'],
    decided_by: r.decider?.id
      ? { id: r.decider.id, name: `${r.decider.firstName} ${r.decider.lastName}`.trim() }
      : null,
    decided_at: s.decidedAt?.toISOString() ?? null,
    decision_reason: s.decisionReason,
    expires_at: s.expiresAt?.toISOString() ?? null,
  };
}

export async function listWatchlistScreenings(
  app: FastifyInstance,
  ctx: AccessContext,
  q: ScreeningsQuery,
): Promise<ScreeningsList> {
  const zone = companyZone(ctx);
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const page = await listScreenings(
      tx,
      ctx.entityId,
      { outcome: q.outcome, entryId: q.entry_id, personId: q.person_id },
      q,
    );
    return {
      data: page.rows.map((r) => toScreening(r, zone)),
      count: page.count,
      count_capped: page.capped,
      next_cursor: page.nextCursor,
    };
  });
}

/**
 * Decides a screening. Approve and reject only a waiting review; "not a match" any screening of a
 * known person whose entry still exists. Every waiting review of the same pair is decided with it.
 */
export async function decideScreening(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: ScreeningDecisionBody,
  now = new Date(),
): Promise<Screening> {
  const zone = companyZone(ctx);
  const userId = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const found = await findScreening(tx, ctx.entityId, id, true);
    if (!found) throw new AppError('not_found');
    const s = found.screening;
    const decided = { decidedBy: userId, decidedAt: now, decisionReason: body.reason };
    let values: Parameters<typeof updateScreening>[3];
    if (body.decision === 'not_a_match') {
      if (!s.personId)
        throw new AppError('rule_violation', { field: 'decision', messageKey: 'watchlist_not_a_match_no_person' });
      if (!found.entryExists)
        throw new AppError('rule_violation', { field: 'decision', messageKey: 'watchlist_entry_gone' });
      if (s.outcome === 'not_a_match')
        throw new AppError('rule_violation', { field: 'decision', messageKey: 'watchlist_already_decided' });
      await insertDismissal(tx, {
        entityId: ctx.entityId,
        entryId: s.entryId,
        personId: s.personId,
        reason: body.reason,
        decidedBy: userId,
        decidedAt: now,
      });
      values = { outcome: 'not_a_match', ...decided };
    } else {
      if (s.outcome !== 'pending')
        throw new AppError('rule_violation', { field: 'decision', messageKey: 'watchlist_not_pending' });
      values =
        body.decision === 'approve'
          ? { outcome: 'approved', ...decided, expiresAt: endOfLocalDay(localDate(now, zone), zone) }
          : { outcome: 'rejected', ...decided };
    }
    await updateScreening(tx, ctx.entityId, id, values);
    if (s.personId && s.outcome === 'pending') {
      await decideSiblings(tx, ctx.entityId, { personId: s.personId, entryId: s.entryId, id }, values);
    }
    const after = await findScreening(tx, ctx.entityId, id);
    const screening = toScreening(after!, zone);
    await writeAudit(tx, ctx, {
      action: `watchlist.screening.${values.outcome}`,
      targetType: 'watchlist_screening',
      targetId: id,
      before: { outcome: s.outcome },
      after: { outcome: screening.outcome, reason: body.reason, person_id: s.personId, entry_id: s.entryId },
    });
    return screening;
  });
}
