// The dashboard (spec §3 Dashboard, §7 GET /dashboard/{entityId}), the logbook, visit notes (PUT
// /visits/notes) and badges (spec "Print badge"). Sign-in and sign-out live in sign-in.service.ts.
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { planHasCustomFields } from '@app/shared/custom-fields/schemas';
import { readFlowSettings } from '@app/shared/journeys/flow-settings';
import { badgeLabel } from '@app/shared/visits/stages';
import { dayRange, localDay, localStamp } from '@app/shared/visits/rules';
import type {
  Badge,
  BadgePrint,
  Dashboard,
  DashboardQuery,
  ListVisitsParams,
  LogbookFilterOptions,
  Visit,
  VisitList,
  VisitNotesBody,
} from '@app/shared/visits/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customFields, journeyFlows, personFieldValues } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { writeAudit } from '../audit/audit.repository';
import { fullName, photoUrl } from '../people/person-view';
import { findArea, findSite } from '../sites/sites.repository';
import { visitEditorOf } from '../expected-visits/visit-editor';
import { loginModeOf, toVisits } from './visit-view';
import {
  filterOptions,
  findVisitRows,
  hostsOfVisits,
  insertBadgePrint,
  setNotes,
  visitInScope,
  type VisitRow,
} from './visits.repository';
import { dashboardOf } from './dashboard';
import { countVisits, findVisitPage } from './visits-list.repository';
import { inTenant } from '../access/in-tenant';

/** A site or area named in a query must be one the caller sees (404 otherwise). */
async function assertPlace(tx: Executor, ctx: AccessContext, place: { site_id?: string; area_id?: string }) {
  if (place.site_id && !(await findSite(tx, ctx.entityId, ctx.siteIds, place.site_id))) throw new AppError('not_found');
  if (place.area_id && !(await findArea(tx, ctx.entityId, ctx.siteIds, place.area_id))) throw new AppError('not_found');
}

/** Today's counts on the company's clock, in total and per user type, within the caller's scope. */
export async function getDashboard(
  app: FastifyInstance,
  ctx: AccessContext,
  q: DashboardQuery,
  now = new Date(),
): Promise<Dashboard> {
  return inTenant(app, ctx, async (tx) => {
    await assertPlace(tx, ctx, q);
    return dashboardOf(
      tx,
      ctx.entityId,
      companyZone(ctx),
      visitInScope(ctx),
      { siteId: q.site_id, areaId: q.area_id },
      now,
    );
  });
}

/** The logbook: visits current at some moment of the days asked (today by default), paged and sorted. */
export async function listVisits(
  app: FastifyInstance,
  ctx: AccessContext,
  q: ListVisitsParams,
  now = new Date(),
): Promise<VisitList> {
  const timezone = companyZone(ctx);
  const today = localDay(now, timezone);
  const from = q.from ?? (q.to && q.to < today ? q.to : today);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  if (to < from) throw new AppError('rule_violation', { field: 'to', messageKey: 'visit_range_order' });
  return inTenant(app, ctx, async (tx) => {
    const filters = {
      ...dayRange(from, to, timezone),
      state: q.state,
      siteId: q.site_id,
      areaId: q.area_id,
      userTypeId: q.user_type_id,
      stage: q.stage,
      count: q.count,
      search: q.search,
    };
    const scope = visitInScope(ctx);
    const { rows, nextCursor } = await findVisitPage(tx, ctx.entityId, scope, filters, q);
    const { count, capped } = await countVisits(tx, ctx.entityId, scope, filters);
    return {
      data: await toVisits(tx, ctx.entityId, timezone, rows, visitEditorOf(ctx)),
      count,
      count_capped: capped,
      next_cursor: nextCursor,
      timezone,
    };
  });
}

/** The sites (with areas) and user types the caller may filter the logbook by, by name. */
export async function getFilterOptions(app: FastifyInstance, ctx: AccessContext): Promise<LogbookFilterOptions> {
  return inTenant(app, ctx, async (tx) => {
    const { siteRows, typeRows } = await filterOptions(tx, ctx.entityId, ctx);
    const bySite = new Map<string, LogbookFilterOptions['sites'][number]>();
    for (const row of siteRows) {
      const site = bySite.get(row.siteId) ?? { id: row.siteId, name: row.siteName, areas: [] };
      bySite.set(row.siteId, site);
      if (row.area) {
        site.areas.push({
          id: row.area.id,
          name: row.area.name,
          login_mode: loginModeOf(row.area.loginMode),
          active: row.area.active,
        });
      }
    }
    return {
      sites: [...bySite.values()],
      user_types: typeRows.map((t) => ({ id: t.id, name: t.name, parent_id: t.parentId })),
    };
  });
}

/** One visit the caller sees; anything else, in this company or another, is not found. */
export async function mustFindVisitRow(tx: Executor, ctx: AccessContext, id: string): Promise<VisitRow> {
  const [row] = await findVisitRows(tx, ctx.entityId, visitInScope(ctx), [id]);
  if (!row) throw new AppError('not_found');
  return row;
}

export async function getVisit(app: FastifyInstance, ctx: AccessContext, id: string): Promise<Visit> {
  return inTenant(app, ctx, async (tx) => {
    const row = await mustFindVisitRow(tx, ctx, id);
    return (await toVisits(tx, ctx.entityId, companyZone(ctx), [row], visitEditorOf(ctx)))[0]!;
  });
}

/** Spec PUT /visits/notes: at most 30 characters (the schema), trimmed; empty clears. */
export async function changeNotes(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: { notes: string | null },
) {
  const result = await inTenant(app, ctx, async (tx) => {
    const before = await mustFindVisitRow(tx, ctx, id);
    await setNotes(tx, ctx.entityId, id, body.notes);
    await writeAudit(tx, ctx, {
      action: 'visit.notes_changed',
      targetType: 'visit',
      targetId: id,
      before: { notes: before.visit.notes },
      after: { notes: body.notes },
    });
    const row = await mustFindVisitRow(tx, ctx, id);
    return (await toVisits(tx, ctx.entityId, companyZone(ctx), [row], visitEditorOf(ctx)))[0]!;
  });
  return result;
}
export type { VisitNotesBody };

/** A QR code as an SVG data URL: prints sharp at any size, and needs no request of its own. */
const qrDataUrl = async (payload: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    await QRCode.toString(payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
  ).toString('base64')}`;

const journeyLogoUrl = (journeyId: string, key: string | null) => {
  const version = key?.match(/logo-([\w-]+)\.(?:png|jpg)$/)?.[1];
  return version ? `/api/v1/journeys/${journeyId}/logo?v=${version}` : null;
};

/**
 * The badge of a visit (spec "Print badge"), as its flow's checks allow: name, photo, user type and
 * temperature when the flow shows them; the host and the journey's (else the company's) logo when it
 * prints them; up to four print-on-badge custom fields with the person's values (the visit's own
 * values first); the login-mode label (spec §4 Badge label); the late or early reason when the flow
 * prints it.
 */
async function buildBadge(tx: Executor, ctx: AccessContext, row: VisitRow): Promise<Badge> {
  const v = row.visit;
  const timezone = companyZone(ctx);
  const [flow] = v.journeyFlowId
    ? await tx
        .select({ settings: journeyFlows.settings })
        .from(journeyFlows)
        .where(and(eq(journeyFlows.entityId, ctx.entityId), eq(journeyFlows.id, v.journeyFlowId)))
    : [];
  // Without a flow the badge shows what a new flow would: name and user type.
  const checks = readFlowSettings(flow?.settings ?? {}).checks;
  const output = readFlowSettings(flow?.settings ?? {}).output;
  const hosts = await hostsOfVisits(tx, ctx.entityId, [v.id]);
  let fields: Badge['custom_fields'] = [];
  if (planHasCustomFields(ctx.entity.plan)) {
    const printed = await tx
      .select({ id: customFields.id, name: customFields.name })
      .from(customFields)
      .where(and(eq(customFields.entityId, ctx.entityId), eq(customFields.printOnBadge, true)))
      .orderBy(customFields.position, customFields.id)
      .limit(4);
    const stored = printed.length
      ? await tx
          .select({ fieldId: personFieldValues.fieldId, value: personFieldValues.value })
          .from(personFieldValues)
          .where(
            and(
              eq(personFieldValues.entityId, ctx.entityId),
              eq(personFieldValues.personId, v.personId),
              inArray(
                personFieldValues.fieldId,
                printed.map((f) => f.id),
              ),
            ),
          )
      : [];
    const onVisit = (v.extra.custom_fields ?? []) as { custom_field_id: string; value: unknown }[];
    fields = printed
      .map((f) => ({
        id: f.id,
        name: f.name,
        value:
          onVisit.find((x) => x.custom_field_id === f.id)?.value ??
          stored.find((s) => s.fieldId === f.id)?.value ??
          null,
      }))
      .filter((f) => f.value !== null);
  }
  const logoUrl = checks.print_badge_journey_company_logo
    ? ((v.journeyId ? journeyLogoUrl(v.journeyId, row.journeyLogo) : null) ?? ctx.entity.logo ?? null)
    : null;
  return {
    visit_id: v.id,
    print_badge: checks.print_badge,
    copies: output.badge_copies,
    label: badgeLabel(loginModeOf(v.loginMode), v.state === 'on_site'),
    name: checks.show_name ? fullName(row.person) : null,
    photo_url: checks.show_photo ? photoUrl(row.person.id, row.person.image) : null,
    user_type: checks.show_user_type ? row.userTypeName : null,
    qr: row.person.qrCode,
    qr_image: await qrDataUrl(row.person.qrCode),
    temperature_c:
      checks.show_temperature && checks.temperature_check && v.temperatureC !== null ? Number(v.temperatureC) : null,
    host: checks.print_badge_host && hosts.length ? hosts.map((h) => fullName(h)).join(', ') : null,
    logo_url: logoUrl,
    custom_fields: fields,
    late_sign_in_reason: checks.print_badge_late_sign_in_reason ? (row.lateReason?.name ?? null) : null,
    early_sign_out_reason: checks.print_badge_early_sign_out_reason ? (row.earlyReason?.name ?? null) : null,
    site: row.siteName,
    area: row.areaName,
    signed_in: v.signedInAt ? { at: v.signedInAt.toISOString(), local: localStamp(v.signedInAt, timezone) } : null,
  };
}

export async function getBadge(app: FastifyInstance, ctx: AccessContext, id: string): Promise<Badge> {
  return inTenant(app, ctx, async (tx) => buildBadge(tx, ctx, await mustFindVisitRow(tx, ctx, id)));
}

/**
 * Sends a visit's badge to the print queue (the badge is kept as printed, so a reprint matches). A kiosk
 * prints the badge of a visit at its own area itself, through the tablet's print dialog: its print is
 * recorded as printed, and a visit elsewhere is not found.
 */
export async function queueBadgePrint(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  opts: { printedBy?: { kioskId: string; areaId: string } } = {},
): Promise<BadgePrint> {
  const kiosk = opts.printedBy;
  const status = kiosk ? ('printed' as const) : ('queued' as const);
  const queued = await inTenant(app, ctx, async (tx) => {
    const row = await mustFindVisitRow(tx, ctx, id);
    if (kiosk && row.visit.areaId !== kiosk.areaId) throw new AppError('not_found');
    if (row.visit.state === 'expected' || row.visit.state === 'cancelled') {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'visit_badge_not_arrived' });
    }
    const badge = await buildBadge(tx, ctx, row);
    const printed = await insertBadgePrint(tx, {
      entityId: ctx.entityId,
      id: newId(),
      visitId: id,
      status,
      badge,
      kioskId: kiosk?.kioskId ?? null,
      printedAt: kiosk ? new Date() : null,
      requestedByPersonId: ctx.actor.kind === 'user' ? ctx.actor.personId : null,
    });
    await writeAudit(tx, ctx, {
      action: 'visit.badge_print',
      targetType: 'visit',
      targetId: id,
      after: { badge_print_id: printed.id },
    });
    return {
      id: printed.id,
      visit_id: id,
      status,
      badge,
      created_at: printed.createdAt.toISOString(),
    };
  });
  app.realtime.toEntity(ctx.entityId, 'updateBadgePrints', { ids: [queued.id] });
  return queued;
}
