import type { WebhookKind } from '@app/shared/webhooks/schemas';
import { sql } from 'drizzle-orm';
import type { WebhookDisabledReason } from '@app/shared/webhooks/schemas';
import { rowsOf, type Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import type { OutboundAnswer } from '../../lib/outbound-http';

// The dispatcher's SQL (webhook-dispatch.ts): the endpoint's lease, its oldest pending message, and
// each attempt recorded with what it makes of the delivery and the endpoint.

export type ClaimedEndpoint = {
  entityId: string;
  id: string;
  kind: WebhookKind;
  url: string;
  description: string | null;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  createdBy: string | null;
};

export type AttemptOutcome =
  | { status: 'succeeded' }
  | { status: 'pending'; next: Date }
  | { status: 'failed'; disable: Exclude<WebhookDisabledReason, 'manual'> | null };

const at = (v: string | Date | null) => (v === null ? null : new Date(v));

/** Takes an enabled endpoint's lease if nobody holds it (or its holder let it lapse). */
export async function claimEndpoint(
  tx: Executor,
  entityId: string,
  endpointId: string,
  now: Date,
  leaseMs: number,
): Promise<ClaimedEndpoint | null> {
  const res = await tx.execute(sql`
    update webhook_endpoints
       set lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
     where entity_id = ${entityId}::uuid and id = ${endpointId}::uuid and enabled
       and (lease_until is null or lease_until <= ${now.toISOString()}::timestamptz)
    returning entity_id, id, kind, url, description, secret, previous_secret, previous_secret_until, created_by`);
  const row = rowsOf<{
    entity_id: string;
    id: string;
    kind: WebhookKind;
    url: string;
    description: string | null;
    secret: string;
    previous_secret: string | null;
    previous_secret_until: string | Date | null;
    created_by: string | null;
  }>(res)[0];
  return row
    ? {
        entityId: row.entity_id,
        id: row.id,
        kind: row.kind,
        url: row.url,
        description: row.description,
        secret: row.secret,
        previousSecret: row.previous_secret,
        previousSecretUntil: at(row.previous_secret_until),
        createdBy: row.created_by,
      }
    : null;
}

export async function releaseEndpoint(tx: Executor, entityId: string, endpointId: string) {
  await tx.execute(
    sql`update webhook_endpoints set lease_until = null where entity_id = ${entityId}::uuid and id = ${endpointId}::uuid`,
  );
}

/** The endpoint's oldest pending message, with the body it is sent as. */
export async function headDelivery(tx: Executor, entityId: string, endpointId: string) {
  const res = await tx.execute(sql`
    select d.message_id, d.attempts, d.next_attempt_at, m.payload::text as body
      from webhook_deliveries d
      join webhook_messages m on m.entity_id = d.entity_id and m.id = d.message_id
     where d.entity_id = ${entityId}::uuid and d.endpoint_id = ${endpointId}::uuid and d.status = 'pending'
     order by d.queued_at, d.message_id
     limit 1`);
  const row = rowsOf<{ message_id: string; attempts: number; next_attempt_at: string | Date | null; body: string }>(
    res,
  )[0];
  return row
    ? { messageId: row.message_id, attempts: row.attempts, nextAttemptAt: at(row.next_attempt_at), body: row.body }
    : null;
}

/**
 * Writes an attempt and what it makes of the delivery (succeeded, pending until the next retry, or
 * failed) and, when it says so, of the endpoint (disabled, with why); the lease is renewed meanwhile.
 */
export async function recordAttempt(
  tx: Executor,
  endpoint: ClaimedEndpoint,
  messageId: string,
  answer: OutboundAnswer,
  outcome: AttemptOutcome,
  now: Date,
  leaseMs: number,
) {
  const when = now.toISOString();
  const error = answer.ok ? null : answer.error;
  await tx.execute(sql`
    insert into webhook_attempts
      (entity_id, id, endpoint_id, message_id, at, response_status, error, response_body, duration_ms)
    values (${endpoint.entityId}::uuid, ${newId()}::uuid, ${endpoint.id}::uuid, ${messageId}::uuid, ${when}::timestamptz,
            ${answer.status}, ${error}, ${answer.body}, ${answer.durationMs})`);
  const next = outcome.status === 'pending' ? outcome.next.toISOString() : null;
  await tx.execute(sql`
    update webhook_deliveries
       set status = ${outcome.status}, attempts = attempts + 1, next_attempt_at = ${next}::timestamptz,
           last_attempt_at = ${when}::timestamptz, last_response_status = ${answer.status},
           last_error = ${error}, last_duration_ms = ${answer.durationMs}
     where entity_id = ${endpoint.entityId}::uuid and endpoint_id = ${endpoint.id}::uuid
       and message_id = ${messageId}::uuid`);
  const disable = outcome.status === 'failed' ? outcome.disable : null;
  await tx.execute(sql`
    update webhook_endpoints
       set lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
           last_attempt_at = ${when}::timestamptz, last_response_status = ${answer.status},
           last_error = ${error}, last_duration_ms = ${answer.durationMs}
           ${disable ? sql`, enabled = false, disabled_reason = ${disable}, disabled_at = ${when}::timestamptz, updated_at = ${when}::timestamptz` : sql``}
     where entity_id = ${endpoint.entityId}::uuid and id = ${endpoint.id}::uuid`);
}

/** Endpoints with a message due and nobody delivering them, in every company (the sweep; no tenant). */
export async function dueEndpoints(db: Executor, now: Date): Promise<{ entityId: string; endpointId: string }[]> {
  const res = await db.execute(sql`
    select distinct d.entity_id, d.endpoint_id
      from webhook_deliveries d
      join webhook_endpoints e on e.entity_id = d.entity_id and e.id = d.endpoint_id
     where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
       and e.enabled and (e.lease_until is null or e.lease_until <= ${now.toISOString()}::timestamptz)
     limit 1000`);
  return rowsOf<{ entity_id: string; endpoint_id: string }>(res).map((r) => ({
    entityId: r.entity_id,
    endpointId: r.endpoint_id,
  }));
}

/** Deletes the log older than `before`: messages, with their deliveries and attempts (the log's retention). */
export async function deleteOldLog(db: Executor, before: Date): Promise<number> {
  const res = await db.execute(sql`
    delete from webhook_messages m
     where m.created_at < ${before.toISOString()}::timestamptz
       and not exists (
         select 1 from webhook_deliveries d
          where d.entity_id = m.entity_id and d.message_id = m.id and d.status = 'pending')
    returning 1`);
  return rowsOf(res).length;
}
