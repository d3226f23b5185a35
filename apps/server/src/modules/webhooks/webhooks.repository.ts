import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { afterCursor, countCapped, decodeCursor, keysetPage } from '../../db/keyset';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema/index';

// The webhook screens' SQL (decision 052): endpoints with their pending count and last attempt, and an
// endpoint's delivery log newest first by keyset.

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export type EndpointRecord = {
  endpoint: EndpointRow;
  createdBy: { id: string; firstName: string | null; lastName: string | null } | null;
  pending: number;
  lastAttempt: AttemptRow | null;
};

export type AttemptRow = { at: Date; responseStatus: number | null; error: string | null; durationMs: number };

const endpointWhere = (entityId: string, id?: string) =>
  and(eq(webhookEndpoints.entityId, entityId), id ? eq(webhookEndpoints.id, id) : undefined);

/** The company's endpoints (all, or one), oldest first, with what their list shows. */
export async function findEndpoints(tx: Executor, entityId: string, id?: string): Promise<EndpointRecord[]> {
  const rows = await tx
    .select({
      endpoint: webhookEndpoints,
      creatorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      pending: sql<number>`(select count(*)::int from webhook_deliveries d
        where d.entity_id = ${webhookEndpoints.entityId} and d.endpoint_id = ${webhookEndpoints.id}
          and d.status = 'pending')`,
    })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .where(endpointWhere(entityId, id))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map((r) => ({
    endpoint: r.endpoint,
    createdBy: r.creatorId ? { id: r.creatorId, firstName: r.firstName, lastName: r.lastName } : null,
    pending: Number(r.pending),
    lastAttempt: r.endpoint.lastAttemptAt
      ? {
          at: r.endpoint.lastAttemptAt,
          responseStatus: r.endpoint.lastResponseStatus,
          error: r.endpoint.lastError,
          durationMs: r.endpoint.lastDurationMs ?? 0,
        }
      : null,
  }));
}

export async function countEndpoints(tx: Executor, entityId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(endpointWhere(entityId));
  return Number(row?.n ?? 0);
}

export async function insertEndpoint(tx: Executor, values: typeof webhookEndpoints.$inferInsert) {
  await tx.insert(webhookEndpoints).values(values);
}

export async function updateEndpoint(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  await tx
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(endpointWhere(entityId, id));
}

export async function deleteEndpoint(tx: Executor, entityId: string, id: string) {
  // Its deliveries go, and with them the messages no other endpoint is told of: only this endpoint's
  // messages are looked at (through the deliveries' message index), never the company's whole log.
  await tx.execute(sql`
    with gone as (
      delete from webhook_deliveries where entity_id = ${entityId}::uuid and endpoint_id = ${id}::uuid
      returning message_id
    )
    delete from webhook_messages m using gone
     where m.entity_id = ${entityId}::uuid and m.id = gone.message_id
       and not exists (select 1 from webhook_deliveries d
                        where d.entity_id = m.entity_id and d.message_id = m.id and d.endpoint_id <> ${id}::uuid)`);
  await tx.delete(webhookEndpoints).where(endpointWhere(entityId, id));
}

const DELIVERIES_SORT = 'queued_desc';

export type DeliveryRecord = {
  messageId: string;
  eventType: string;
  status: string;
  attempts: number;
  createdAt: Date;
  queuedAt: Date;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastResponseStatus: number | null;
  lastError: string | null;
  lastDurationMs: number | null;
};

const deliveryColumns = {
  messageId: webhookDeliveries.messageId,
  eventType: webhookMessages.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  createdAt: webhookMessages.createdAt,
  queuedAt: webhookDeliveries.queuedAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  lastResponseStatus: webhookDeliveries.lastResponseStatus,
  lastError: webhookDeliveries.lastError,
  lastDurationMs: webhookDeliveries.lastDurationMs,
};

const deliveriesJoined = (tx: Executor) =>
  tx
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(
      webhookMessages,
      and(
        eq(webhookMessages.entityId, webhookDeliveries.entityId),
        eq(webhookMessages.id, webhookDeliveries.messageId),
      ),
    );

/** An endpoint's deliveries, the last queued first, by keyset. */
export async function listDeliveries(
  tx: Executor,
  entityId: string,
  endpointId: string,
  q: { status?: string; page: number; limit: number; cursor?: string },
) {
  const where = and(
    eq(webhookDeliveries.entityId, entityId),
    eq(webhookDeliveries.endpointId, endpointId),
    q.status ? eq(webhookDeliveries.status, q.status) : undefined,
  );
  const after = q.cursor
    ? afterCursor(
        [webhookDeliveries.queuedAt, webhookDeliveries.messageId],
        decodeCursor(q.cursor, DELIVERIES_SORT, 2),
        ['timestamptz', 'uuid'],
        'desc',
      )
    : undefined;
  const rows: DeliveryRecord[] = await deliveriesJoined(tx)
    .where(and(where, after))
    .orderBy(desc(webhookDeliveries.queuedAt), desc(webhookDeliveries.messageId))
    .limit(q.limit + 1)
    .offset(q.cursor ? 0 : (q.page - 1) * q.limit);
  const { rows: page, nextCursor } = keysetPage(rows, q.limit, DELIVERIES_SORT, (r) => [
    r.queuedAt.toISOString(),
    r.messageId,
  ]);
  const { count, capped } = await countCapped(tx, sql`webhook_deliveries`, where);
  return { rows: page, nextCursor, count, capped };
}

export async function findDelivery(tx: Executor, entityId: string, endpointId: string, messageId: string) {
  const [row] = await tx
    .select({ ...deliveryColumns, body: sql<string>`${webhookMessages.payload}::text` })
    .from(webhookDeliveries)
    .innerJoin(
      webhookMessages,
      and(
        eq(webhookMessages.entityId, webhookDeliveries.entityId),
        eq(webhookMessages.id, webhookDeliveries.messageId),
      ),
    )
    .where(
      and(
        eq(webhookDeliveries.entityId, entityId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.messageId, messageId),
      ),
    );
  return row ?? null;
}

export async function attemptsOf(tx: Executor, entityId: string, endpointId: string, messageId: string) {
  return tx
    .select({
      at: webhookAttempts.at,
      responseStatus: webhookAttempts.responseStatus,
      error: webhookAttempts.error,
      durationMs: webhookAttempts.durationMs,
      responseBody: webhookAttempts.responseBody,
    })
    .from(webhookAttempts)
    .where(
      and(
        eq(webhookAttempts.entityId, entityId),
        eq(webhookAttempts.endpointId, endpointId),
        eq(webhookAttempts.messageId, messageId),
      ),
    )
    .orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id));
}

/** Queues a delivery again, at the end of the endpoint's order, with its retries afresh. */
export async function requeueDelivery(
  tx: Executor,
  entityId: string,
  endpointId: string,
  messageId: string,
  now: Date,
) {
  const res = await tx.execute(sql`
    update webhook_deliveries
       set status = 'pending', attempts = 0, queued_at = ${now.toISOString()}::timestamptz,
           next_attempt_at = ${now.toISOString()}::timestamptz
     where entity_id = ${entityId}::uuid and endpoint_id = ${endpointId}::uuid and message_id = ${messageId}::uuid
    returning message_id`);
  return rowsOf(res).length > 0;
}

/** Whether an endpoint has messages waiting. */
export async function hasPending(tx: Executor, entityId: string, endpointId: string): Promise<boolean> {
  const res = await tx.execute(sql`
    select 1 from webhook_deliveries
     where entity_id = ${entityId}::uuid and endpoint_id = ${endpointId}::uuid and status = 'pending' limit 1`);
  return rowsOf(res).length > 0;
}
