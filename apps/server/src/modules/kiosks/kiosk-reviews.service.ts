// "Accepted offline, needs review" (decision 045): the sign-ins and sign-outs kiosks made offline that
// the server would have refused, listed for the admins of the logbook at their own sites, and resolved
// with a note.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import type {
  KioskReview,
  KioskReviewsList,
  KioskReviewsQuery,
  ResolveKioskReviewBody,
} from '@app/shared/kiosks/reviews';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import { AppError, notFound } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { companyZone } from '../access/company-zone';
import { localStamp } from '@app/shared/visits/rules';
import { writeAudit } from '../audit/audit.repository';
import { announceReviews } from './kiosk-offline-replay.service';
import { findReview, findReviewsPage, resolveReviewRow, type ReviewRow } from './kiosk-reviews.repository';

const SORT = 'kiosk_reviews.created_at';

function toReview(row: ReviewRow, lang: Language, timeZone: string): KioskReview {
  const r = row.review;
  return {
    id: r.id,
    action: r.action as KioskReview['action'],
    kiosk: { id: r.kioskId, name: r.kioskName },
    person: { id: r.personId, name: r.personName },
    site: row.siteName === null ? null : { id: r.siteId, name: row.siteName },
    area: row.areaName === null ? null : { id: r.areaId, name: row.areaName },
    visit_id: r.visitId,
    occurred_at: r.occurredAt.toISOString(),
    occurred_local: localStamp(r.occurredAt, timeZone),
    reasons: r.reasons.map((reason) => ({
      field: reason.field,
      code: reason.key,
      message: t(lang, `errors:${reason.key}`, reason.vars),
    })),
    status: r.status as KioskReview['status'],
    note: r.note,
    resolved_by: r.resolvedAt ? { id: r.resolvedById, name: r.resolvedByName ?? '' } : null,
    resolved_at: r.resolvedAt?.toISOString() ?? null,
    resolved_local: r.resolvedAt ? localStamp(r.resolvedAt, timeZone) : null,
    created_at: r.createdAt.toISOString(),
  };
}

/** GET /kiosk-reviews: open (or resolved) reviews at the reader's sites, newest first. */
export async function listKioskReviews(
  app: FastifyInstance,
  ctx: AccessContext,
  q: KioskReviewsQuery,
  lang: Language,
): Promise<KioskReviewsList> {
  const after = q.cursor ? decodeCursor(q.cursor, SORT, 2) : null;
  return inTenant(app, ctx, async (tx) => {
    const found = await findReviewsPage(tx, ctx.entityId, ctx.siteIds, {
      status: q.status,
      limit: q.limit,
      offset: after ? 0 : (q.page - 1) * q.limit,
      after,
    });
    const rows = found.rows.slice(0, q.limit);
    const last = rows.at(-1);
    return {
      data: rows.map((row) => toReview(row, lang, companyZone(ctx))),
      count: found.count,
      count_capped: found.capped,
      next_cursor:
        found.rows.length > q.limit && last
          ? encodeCursor(SORT, [last.review.createdAt.toISOString(), last.review.id])
          : null,
    };
  });
}

/** POST /kiosk-reviews/{id}/resolve: closed with the admin's note, audited; a resolved one answers 422. */
export async function resolveKioskReview(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: ResolveKioskReviewBody,
  lang: Language,
): Promise<KioskReview> {
  const resolved = await inTenant(app, ctx, async (tx) => {
    const row = await findReview(tx, ctx.entityId, ctx.siteIds, id);
    if (!row) throw notFound();
    if (row.review.status !== 'open') {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'kiosk_review_resolved' });
    }
    const values = {
      note: body.note?.trim() || null,
      resolvedById: ctx.actor.kind === 'user' ? ctx.actor.personId : null,
      resolvedByName: ctx.actor.kind === 'user' ? ctx.actor.personName : null,
      resolvedAt: new Date(),
    };
    await resolveReviewRow(tx, ctx.entityId, id, values);
    await writeAudit(tx, ctx, {
      action: 'kiosk.review.resolved',
      targetType: 'kiosk_offline_review',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'resolved', note: values.note },
    });
    return { ...row, review: { ...row.review, ...values, status: 'resolved' } };
  });
  announceReviews(app, ctx.entityId, [id]);
  return toReview(resolved, lang, companyZone(ctx));
}
