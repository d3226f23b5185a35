import type { FastifyInstance } from 'fastify';
import {
  kioskEventDetailSchema,
  type KioskLogRow,
  type KioskLogsFilters,
  type KioskLogsList,
  type KioskLogsQuery,
} from '@app/shared/reports/kiosk-logs';
import { localStamp } from '@app/shared/visits/rules';
import { withTenant } from '../../../db/client';
import type { AccessContext } from '../../access/access.types';
import { companyZone } from '../../access/company-zone';
import { fullName } from '../../people/person-view';
import { recentDays } from '../recent-days';
import { deviceOptions, listKioskEvents, type KioskLogRecord, type KioskLogsWhere } from './kiosk-logs.repository';

// Kiosk logs (spec §2 /reporting/kiosk-logs): what each kiosk did and reported, newest first.

export function toKioskLogRow(r: KioskLogRecord, zone: string): KioskLogRow {
  const e = r.event;
  const detail = kioskEventDetailSchema.safeParse(e.detail);
  return {
    id: e.id,
    at: { at: e.at.toISOString(), local: localStamp(e.at, zone) },
    kind: e.kind as KioskLogRow['kind'],
    kiosk: { id: e.kioskId, name: r.kioskNow?.name ?? e.kioskName },
    kiosk_registered: r.kioskNow !== null,
    site: r.site,
    area: r.area,
    person: r.person ? { id: r.person.id, name: fullName(r.person) } : null,
    visit_id: e.visitId,
    detail: detail.success ? detail.data : {},
  };
}

export function kioskLogsWhere(
  ctx: AccessContext,
  f: KioskLogsFilters,
  opts: { now?: Date; maxDays?: number } = {},
): KioskLogsWhere {
  const { start, end } = recentDays(f, companyZone(ctx), opts.now ?? new Date(), opts.maxDays);
  return { start, end, kioskId: f.kiosk_id, siteId: f.site_id, kind: f.kind, search: f.search || undefined };
}

export async function listKioskLogs(app: FastifyInstance, ctx: AccessContext, q: KioskLogsQuery) {
  const where = kioskLogsWhere(ctx, q);
  const zone = companyZone(ctx);
  return withTenant(app.db.db, ctx.entityId, async (tx): Promise<KioskLogsList> => {
    const page = await listKioskEvents(tx, ctx.entityId, ctx.siteIds, where, q);
    return {
      data: page.rows.map((r) => toKioskLogRow(r, zone)),
      count: page.count,
      count_capped: page.capped,
      next_cursor: page.nextCursor,
    };
  });
}

/** The sites and kiosks the print queue's and kiosk logs' filters offer, within the reader's sites. */
export async function getDeviceReportOptions(app: FastifyInstance, ctx: AccessContext) {
  return withTenant(app.db.db, ctx.entityId, (tx) => deviceOptions(tx, ctx.entityId, ctx.siteIds));
}
