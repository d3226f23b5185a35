import type { FastifyInstance } from 'fastify';
import { isAllowed } from '@app/shared/access/permissions';
import type {
  PrintQueueFilters,
  PrintQueueList,
  PrintQueueQuery,
  PrintQueueRow,
} from '@app/shared/reports/print-queue';
import { localStamp } from '@app/shared/visits/rules';
import { withTenant, type Executor } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { newId } from '../../../lib/ids';
import type { AccessContext } from '../../access/access.types';
import { companyZone } from '../../access/company-zone';
import { writeAudit } from '../../audit/audit.repository';
import { fullName } from '../../people/person-view';
import { recentDays } from '../recent-days';
import {
  findPrints,
  insertPrint,
  listPrints,
  lockPrint,
  setPrintStatus,
  type PrintQueueRecord,
  type PrintQueueWhere,
} from './print-queue.repository';

// The print queue (spec §7 `print_queue_list`, `cancel_print`, `reprint`; SPEC-NOTES: each does what
// its name says). Reading needs show_printer_list; changing the queue is front-desk work, so cancel and
// reprint need the dashboard too (the role "employee with reporting" reads only).

const inTenant = <T>(app: FastifyInstance, ctx: AccessContext, fn: (tx: Executor) => Promise<T>) =>
  withTenant(app.db.db, ctx.entityId, fn);

const stamp = (at: Date, zone: string) => ({ at: at.toISOString(), local: localStamp(at, zone) });

export function toPrintRow(r: PrintQueueRecord, zone: string): PrintQueueRow {
  return {
    id: r.print.id,
    visit_id: r.print.visitId,
    status: r.print.status as PrintQueueRow['status'],
    person: { id: r.person.id, name: fullName(r.person) },
    user_type: r.userType ? { id: r.userType.id, name: r.userType.name } : null,
    site: r.site,
    area: r.area,
    kiosk: r.kiosk ? { id: r.kiosk.id, name: r.kiosk.name } : null,
    requested_by: r.requester ? { id: r.requester.id, name: fullName(r.requester) } : null,
    reprint_of: r.print.reprintOf,
    created_at: stamp(r.print.createdAt, zone),
    printed_at: r.print.printedAt ? stamp(r.print.printedAt, zone) : null,
  };
}

/** What the filters select, on the company's clock. */
export function printWhere(
  ctx: AccessContext,
  f: PrintQueueFilters,
  opts: { now?: Date; maxDays?: number } = {},
): PrintQueueWhere {
  const { start, end } = recentDays(f, companyZone(ctx), opts.now ?? new Date(), opts.maxDays);
  return { start, end, status: f.status, siteId: f.site_id, kioskId: f.kiosk_id, search: f.search || undefined };
}

export async function listPrintQueue(app: FastifyInstance, ctx: AccessContext, q: PrintQueueQuery) {
  const where = printWhere(ctx, q);
  const zone = companyZone(ctx);
  return inTenant(app, ctx, async (tx): Promise<PrintQueueList> => {
    const page = await listPrints(tx, ctx.entityId, ctx, where, q);
    return {
      data: page.rows.map((r) => toPrintRow(r, zone)),
      count: page.count,
      count_capped: page.capped,
      next_cursor: page.nextCursor,
    };
  });
}

/** Cancelling and reprinting change the queue: front-desk work as well as reading the report. */
function assertMayChangeQueue(ctx: AccessContext) {
  if (!isAllowed(ctx.permissions, 'dashboard')) {
    throw new AppError('forbidden', { field: 'id', messageKey: 'printer_needs_dashboard' });
  }
}

/** The print as the reader may see it, held for a change; 404 for another company's or out of scope. */
async function mustLock(tx: Executor, ctx: AccessContext, id: string) {
  const [visible] = await findPrints(tx, ctx.entityId, ctx, [id]);
  const stored = visible ? await lockPrint(tx, ctx.entityId, id) : null;
  if (!visible || !stored) throw new AppError('not_found', { field: 'id' });
  return stored;
}

async function rowOf(tx: Executor, ctx: AccessContext, id: string) {
  const [row] = await findPrints(tx, ctx.entityId, ctx, [id]);
  return toPrintRow(row!, companyZone(ctx));
}

const announce = (app: FastifyInstance, ctx: AccessContext, ids: string[]) =>
  app.realtime.toEntity(ctx.entityId, 'updateBadgePrints', { ids });

/** Cancels a print still queued; a printed or cancelled one is refused naming why. */
export async function cancelPrint(app: FastifyInstance, ctx: AccessContext, id: string) {
  assertMayChangeQueue(ctx);
  const row = await inTenant(app, ctx, async (tx) => {
    const stored = await mustLock(tx, ctx, id);
    if (stored.status !== 'queued') {
      throw new AppError('rule_violation', {
        field: 'id',
        messageKey: stored.status === 'printed' ? 'printer_cancel_printed' : 'printer_cancel_cancelled',
      });
    }
    await setPrintStatus(tx, ctx.entityId, id, { status: 'cancelled' });
    await writeAudit(tx, ctx, {
      action: 'badge_print.cancel',
      targetType: 'badge_print',
      targetId: id,
      before: { status: stored.status },
      after: { status: 'cancelled' },
    });
    return rowOf(tx, ctx, id);
  });
  announce(app, ctx, [id]);
  return row;
}

/**
 * Sends a print's badge again: a new queued print of exactly the badge first printed, linked to the
 * one it reprints, which stays as it was.
 */
export async function reprint(app: FastifyInstance, ctx: AccessContext, id: string) {
  assertMayChangeQueue(ctx);
  const row = await inTenant(app, ctx, async (tx) => {
    const original = await mustLock(tx, ctx, id);
    const copy = await insertPrint(tx, {
      entityId: ctx.entityId,
      id: newId(),
      visitId: original.visitId,
      kioskId: null,
      status: 'queued',
      badge: original.badge,
      reprintOf: original.id,
      requestedByPersonId: ctx.actor.kind === 'user' ? ctx.actor.personId : null,
    });
    await writeAudit(tx, ctx, {
      action: 'badge_print.reprint',
      targetType: 'badge_print',
      targetId: copy.id,
      after: { reprint_of: original.id, visit_id: original.visitId },
    });
    return rowOf(tx, ctx, copy.id);
  });
  announce(app, ctx, [row.id]);
  return row;
}

/**
 * The dashboard's print dialog has printed a print it queued: it is printed now. Marking a printed
 * one again changes nothing; a cancelled one is refused.
 */
export async function markPrinted(app: FastifyInstance, ctx: AccessContext, id: string) {
  const row = await inTenant(app, ctx, async (tx) => {
    const stored = await mustLock(tx, ctx, id);
    if (stored.status === 'cancelled') {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'printer_mark_cancelled' });
    }
    if (stored.status === 'queued') {
      await setPrintStatus(tx, ctx.entityId, id, { status: 'printed', printedAt: new Date() });
      await writeAudit(tx, ctx, {
        action: 'badge_print.printed',
        targetType: 'badge_print',
        targetId: id,
        before: { status: 'queued' },
        after: { status: 'printed' },
      });
    }
    return rowOf(tx, ctx, id);
  });
  announce(app, ctx, [id]);
  return row;
}
