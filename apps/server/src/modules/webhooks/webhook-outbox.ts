import { sql } from 'drizzle-orm';
import type { WebhookMessageType } from '@app/shared/webhooks/schemas';
import { rowsOf, type Executor } from '../../db/client';
import { newId } from '../../lib/ids';

// What happened, written for the company's webhook endpoints in the transaction that made it happen
// (decision 052): the message and a delivery per endpoint told of its event, in one statement that
// writes nothing when no endpoint wants it. The deliveries' trigger tells every node at commit, whose
// dispatcher sends them (webhook-dispatch.ts); a change rolled back is never told.

export type WebhookData = Record<string, unknown>;

/** The message's id as the `webhook-id` header and the log show it. */
export const messageIdOf = (id: string) => `msg_${id.replaceAll('-', '')}`;
/** The row id of a `msg_…` id. */
export const rowIdOf = (messageId: string) => {
  const hex = messageId.slice(4);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The body every endpoint gets: the Standard Webhooks shape. */
export const webhookBody = (type: WebhookMessageType, at: Date, data: WebhookData) => ({
  type,
  timestamp: at.toISOString(),
  data,
});

export type WebhookMessage = { data: WebhookData; personId?: string | null };

/**
 * Queues messages of one type for the endpoints of the company told of it (all of them, or only
 * `endpointId`), in their order. `personId` names the person a message is about, so that their erasure
 * deletes it. Answers the messages' row ids when any endpoint wants them, else none.
 */
export async function queueWebhooks(
  tx: Executor,
  entityId: string,
  type: WebhookMessageType,
  messages: readonly WebhookMessage[],
  options: { now?: Date; endpointId?: string } = {},
): Promise<string[]> {
  if (messages.length === 0) return [];
  const now = options.now ?? new Date();
  const rows = messages.map((m) => ({
    // Made now, whatever `now` says: ids made by this process sort in the order made, which is the
    // order of messages queued at one moment.
    id: newId(),
    payload: webhookBody(type, now, m.data),
    person_id: m.personId ?? null,
  }));
  const endpoint = options.endpointId ? sql`id = ${options.endpointId}::uuid` : sql`enabled and ${type} = any(events)`;
  const res = await tx.execute(sql`
    with told as (
      select id from webhook_endpoints where entity_id = ${entityId}::uuid and ${endpoint}
    ), message as (
      insert into webhook_messages (entity_id, id, event_type, payload, person_id, created_at)
      select ${entityId}::uuid, (x->>'id')::uuid, ${type}, x->'payload', (x->>'person_id')::uuid,
             ${now.toISOString()}::timestamptz
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as x
       where exists (select 1 from told)
      returning id
    )
    insert into webhook_deliveries (entity_id, endpoint_id, message_id, status, queued_at, next_attempt_at)
    select ${entityId}::uuid, told.id, message.id, 'pending', ${now.toISOString()}::timestamptz,
           ${now.toISOString()}::timestamptz
      from told cross join message
    returning message_id`);
  return [...new Set(rowsOf<{ message_id: string }>(res).map((r) => r.message_id))];
}

/** One message: `queueWebhooks` of one. */
export async function queueWebhook(
  tx: Executor,
  entityId: string,
  type: WebhookMessageType,
  data: WebhookData,
  options: { personId?: string | null; now?: Date; endpointId?: string } = {},
): Promise<string | null> {
  const [id] = await queueWebhooks(tx, entityId, type, [{ data, personId: options.personId }], options);
  return id ?? null;
}
