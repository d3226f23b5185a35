import type { FastifyInstance } from 'fastify';
import {
  ANNOUNCEMENT_LIMITS,
  announcementState,
  type Announcement,
  type AnnouncementBodyParsed,
  type AnnouncementList,
  type AnnouncementState,
} from '@app/shared/announcements/schemas';
import { excerptOf, htmlHasText } from '@app/shared/announcements/text';
import { announcementTimeIssues, fromLocalDateTime, toLocalDateTime } from '@app/shared/announcements/times';
import type { Language } from '@app/shared/constants';
import type { z } from 'zod';
import type { listAnnouncementsQuerySchema } from '@app/shared/announcements/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { writeAudit } from '../audit/audit.repository';
import { scheduleAnnouncementTransitions } from './announcements.jobs';
import {
  deleteAnnouncement,
  existingUserTypeIds,
  findAnnouncement,
  insertAnnouncement,
  listAnnouncements,
  replaceTargets,
  targetsOf,
  updateAnnouncement,
  userTypesIn,
  type AnnouncementRow,
  type AnnouncementTarget,
} from './announcements.repository';
import { sanitizeAnnouncementHtml } from './sanitize';
import { inTenant } from '../access/in-tenant';

type ListQuery = z.output<typeof listAnnouncementsQuerySchema>;

/**
 * Whether the caller may change an announcement (spec §6 admin scope): an admin limited to some user
 * types may change only announcements for some of their types and for none outside them; an
 * announcement for everyone reaches types they do not manage.
 */
function mayChange(ctx: AccessContext, targetIds: string[]): boolean {
  if (ctx.userTypeIds === null) return true;
  const scope = ctx.userTypeIds;
  return targetIds.length > 0 && targetIds.every((id) => scope.includes(id));
}

function toAnnouncement(
  ctx: AccessContext,
  row: AnnouncementRow,
  state: AnnouncementState,
  targets: AnnouncementTarget[],
): Announcement {
  const timezone = companyZone(ctx);
  return {
    id: row.id,
    text: row.text,
    excerpt: excerptOf(row.text, ANNOUNCEMENT_LIMITS.excerptMax),
    url: row.url,
    user_types: targets.map((x) => ({ id: x.id, name: x.name })),
    urgent: row.urgent,
    pinned: row.pinned,
    verbal: row.verbal,
    publish_at: toLocalDateTime(row.publishAt, timezone),
    expires_at: toLocalDateTime(row.expiresAt, timezone),
    publish_at_utc: row.publishAt.toISOString(),
    expires_at_utc: row.expiresAt.toISOString(),
    timezone,
    state,
    editable: mayChange(
      ctx,
      targets.map((x) => x.id),
    ),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One of the company's announcements that the caller may see; anything else is not found. */
async function mustFind(tx: Executor, ctx: AccessContext, id: string, now: Date) {
  const found = await findAnnouncement(tx, ctx.entityId, id, now);
  if (!found) throw new AppError('not_found');
  const targets = await targetsOf(tx, ctx.entityId, [id]);
  if (ctx.userTypeIds !== null && targets.length > 0 && !targets.some((x) => ctx.userTypeIds!.includes(x.id))) {
    throw new AppError('not_found');
  }
  return { ...found, targets };
}

export async function listCompanyAnnouncements(
  app: FastifyInstance,
  ctx: AccessContext,
  q: ListQuery,
  now = new Date(),
): Promise<AnnouncementList> {
  return inTenant(app, ctx, async (tx) => {
    const { rows, count } = await listAnnouncements(tx, ctx.entityId, { ...q, now, userTypeIds: ctx.userTypeIds });
    const targets = await targetsOf(
      tx,
      ctx.entityId,
      rows.map((r) => r.row.id),
    );
    const data = rows.map((r) =>
      toAnnouncement(
        ctx,
        r.row,
        r.state,
        targets.filter((x) => x.announcementId === r.row.id),
      ),
    );
    return { data, count, timezone: companyZone(ctx) };
  });
}

export async function getAnnouncement(app: FastifyInstance, ctx: AccessContext, id: string, now = new Date()) {
  return inTenant(app, ctx, async (tx) => {
    const found = await mustFind(tx, ctx, id, now);
    return toAnnouncement(ctx, found.row, found.state, found.targets);
  });
}

/** The user types the caller may address: the company's, or an admin's own (spec §6). */
export async function announcementTargets(app: FastifyInstance, ctx: AccessContext) {
  return { data: await inTenant(app, ctx, (tx) => userTypesIn(tx, ctx.entityId, ctx.userTypeIds)) };
}

/** The company's clock, so a form offers no time in the past. */
export function announcementClock(ctx: AccessContext, now = new Date()) {
  const timezone = companyZone(ctx);
  return { timezone, now: toLocalDateTime(now, timezone) };
}

type Checked = { text: string; publishAt: Date; expiresAt: Date; userTypeIds: string[] };

/**
 * The rules a body must keep beyond its shape, each refused with 422 naming its field: times not in
 * the past (a time kept from before may be) and expiry after publish, in the company's time zone to
 * the minute; words left once the text is sanitised; user types of the company within the caller's.
 */
async function checkBody(
  tx: Executor,
  ctx: AccessContext,
  body: AnnouncementBodyParsed,
  now: Date,
  before?: AnnouncementRow,
): Promise<Checked> {
  const timeZone = companyZone(ctx);
  const kept = before && {
    publish_at: toLocalDateTime(before.publishAt, timeZone) === body.publish_at,
    expires_at: toLocalDateTime(before.expiresAt, timeZone) === body.expires_at,
  };
  const [issue] = announcementTimeIssues(body, { timeZone, now, kept });
  if (issue) throw new AppError('rule_violation', { field: issue.field, messageKey: issue.key });

  const text = sanitizeAnnouncementHtml(body.text);
  if (!htmlHasText(text)) {
    throw new AppError('rule_violation', { field: 'text', messageKey: 'announcement_text_required' });
  }

  const ids = body.user_type_ids;
  if (ids.length === 0 && ctx.userTypeIds !== null) {
    throw new AppError('rule_violation', { field: 'user_type_ids', messageKey: 'announcement_everyone_out_of_scope' });
  }
  const known = await existingUserTypeIds(tx, ctx.entityId, ids);
  if (known.length !== ids.length || (ctx.userTypeIds && ids.some((id) => !ctx.userTypeIds!.includes(id)))) {
    throw new AppError('rule_violation', { field: 'user_type_ids', messageKey: 'user_type_not_available' });
  }
  return {
    text,
    publishAt: fromLocalDateTime(body.publish_at, timeZone)!,
    expiresAt: fromLocalDateTime(body.expires_at, timeZone)!,
    userTypeIds: ids,
  };
}

const columns = (body: AnnouncementBodyParsed, checked: Checked, now: Date) => ({
  text: checked.text,
  url: body.url,
  urgent: body.urgent,
  pinned: body.pinned,
  verbal: body.verbal,
  publishAt: checked.publishAt,
  expiresAt: checked.expiresAt,
  status: announcementState(checked.publishAt, checked.expiresAt, now),
});

/** Queues the on-time state changes; a failure is logged, the minute sweep makes up for it. */
async function scheduleTransitions(app: FastifyInstance, ctx: AccessContext, row: AnnouncementRow, now: Date) {
  try {
    await scheduleAnnouncementTransitions(app, ctx.entityId, row, now);
  } catch (err) {
    app.log.error({ err, announcement: row.id }, 'could not queue the announcement’s state changes');
  }
}

export async function createAnnouncement(
  app: FastifyInstance,
  ctx: AccessContext,
  body: AnnouncementBodyParsed,
  lang: Language,
  now = new Date(),
) {
  const { row, result } = await inTenant(app, ctx, async (tx) => {
    const checked = await checkBody(tx, ctx, body, now);
    const row = await insertAnnouncement(tx, {
      entityId: ctx.entityId,
      id: newId(),
      createdBy: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      ...columns(body, checked, now),
    });
    await replaceTargets(tx, ctx.entityId, row.id, checked.userTypeIds);
    const targets = await targetsOf(tx, ctx.entityId, [row.id]);
    const result = toAnnouncement(ctx, row, announcementState(row.publishAt, row.expiresAt, now), targets);
    await writeAudit(tx, ctx, {
      action: 'announcement.create',
      targetType: 'announcement',
      targetId: row.id,
      after: result,
    });
    return { row, result };
  });
  await scheduleTransitions(app, ctx, row, now);
  return { message: t(lang, 'errors:announcement_done.created'), data: result };
}

export async function changeAnnouncement(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: AnnouncementBodyParsed,
  now = new Date(),
) {
  const { row, result } = await inTenant(app, ctx, async (tx) => {
    const before = await mustFind(tx, ctx, id, now);
    if (
      !mayChange(
        ctx,
        before.targets.map((x) => x.id),
      )
    ) {
      throw new AppError('rule_violation', { field: 'user_type_ids', messageKey: 'announcement_outside_scope' });
    }
    const checked = await checkBody(tx, ctx, body, now, before.row);
    const row = (await updateAnnouncement(tx, ctx.entityId, id, columns(body, checked, now)))!;
    await replaceTargets(tx, ctx.entityId, id, checked.userTypeIds);
    const targets = await targetsOf(tx, ctx.entityId, [id]);
    const result = toAnnouncement(ctx, row, announcementState(row.publishAt, row.expiresAt, now), targets);
    await writeAudit(tx, ctx, {
      action: 'announcement.update',
      targetType: 'announcement',
      targetId: id,
      before: toAnnouncement(ctx, before.row, before.state, before.targets),
      after: result,
    });
    return { row, result };
  });
  await scheduleTransitions(app, ctx, row, now);
  return result;
}

export async function removeAnnouncement(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  lang: Language,
  now = new Date(),
) {
  await inTenant(app, ctx, async (tx) => {
    const before = await mustFind(tx, ctx, id, now);
    if (
      !mayChange(
        ctx,
        before.targets.map((x) => x.id),
      )
    ) {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'announcement_outside_scope' });
    }
    await deleteAnnouncement(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'announcement.delete',
      targetType: 'announcement',
      targetId: id,
      before: toAnnouncement(ctx, before.row, before.state, before.targets),
    });
  });
  return { message: t(lang, 'errors:announcement_done.deleted') };
}
