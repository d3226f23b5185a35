import { sql } from 'drizzle-orm';
import { safeTimeZone } from '@app/shared/time-zones';
import type { WebhookEvent } from '@app/shared/webhooks/schemas';
import { rowsOf, type Executor } from '../../db/client';
import { toVisits } from '../visits/visit-view';
import { findVisitRows } from '../visits/visits.repository';
import { queueWebhooks } from './webhook-outbox';
import { visitMessage } from './webhook-payloads';

/** Whether any enabled endpoint of the company is told of an event (what a message would cost to make). */
export async function wantsWebhook(tx: Executor, entityId: string, type: WebhookEvent): Promise<boolean> {
  const res = await tx.execute(sql`
    select 1 from webhook_endpoints
     where entity_id = ${entityId}::uuid and enabled and ${type} = any(events) limit 1`);
  return rowsOf(res).length > 0;
}

/**
 * Queues a message per visit, read as the logbook shows it, for changes made where only the visits'
 * ids are at hand (automatic sign-outs, a kiosk's offline queue, an area's mode changed); nothing is
 * read when no endpoint wants it.
 */
export async function queueVisitMessages(
  tx: Executor,
  entity: { id: string; timezone: string | null },
  type: WebhookEvent,
  visitIds: readonly string[],
  now?: Date,
) {
  if (visitIds.length === 0 || !(await wantsWebhook(tx, entity.id, type))) return;
  const rows = await findVisitRows(tx, entity.id, undefined, visitIds);
  const views = await toVisits(tx, entity.id, safeTimeZone(entity.timezone), rows, { all: true });
  await queueWebhooks(tx, entity.id, type, views.map(visitMessage), { now });
}
