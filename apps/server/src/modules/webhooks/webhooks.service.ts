import type { FastifyInstance } from 'fastify';
import {
  eventsOfKind,
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type WebhookKind,
  type WebhookDeliveries,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@app/shared/webhooks/schemas';
import { withTenant, type Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { isPrivateHost } from '../../lib/outbound-http';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { messageIdOf, queueWebhook, rowIdOf } from './webhook-outbox';
import { newWebhookSecret, WEBHOOK_USER_AGENT } from './webhook-signing';
import { chatBody } from '../host-alerts/chat-messages';
import { withoutLinkSignatures } from '../host-alerts/host-approval-links';
import {
  attemptsOf,
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoints,
  insertEndpoint,
  listDeliveries,
  requeueDelivery,
  updateEndpoint,
  type DeliveryRecord,
  type EndpointRecord,
} from './webhooks.repository';

// A company's webhook endpoints and their delivery log (issue 29, decision 052), with the
// `integration` permission. The secret is shown once, when made or rotated, and kept encrypted.

type EndpointInput = { endpoint_kind: WebhookKind; endpoint_url: string; description: string | null; events: string[] };
type EndpointPatch = Partial<Omit<EndpointInput, 'endpoint_kind'>> & { enabled?: boolean };

type AttemptError = NonNullable<WebhookDelivery['last_attempt']>['error'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEndpoint(r: EndpointRecord): WebhookEndpoint {
  const e = r.endpoint;
  return {
    id: e.id,
    endpoint_kind: e.kind as WebhookKind,
    endpoint_url: e.url,
    description: e.description,
    events: e.events as WebhookEndpoint['events'],
    enabled: e.enabled,
    disabled_reason: e.disabledReason as WebhookEndpoint['disabled_reason'],
    disabled_at: iso(e.disabledAt),
    previous_secret_until:
      e.previousSecretUntil && e.previousSecretUntil > new Date() ? e.previousSecretUntil.toISOString() : null,
    pending: r.pending,
    last_attempt: r.lastAttempt
      ? {
          at: r.lastAttempt.at.toISOString(),
          response_status: r.lastAttempt.responseStatus,
          error: r.lastAttempt.error as AttemptError,
          duration_ms: r.lastAttempt.durationMs,
        }
      : null,
    created_by: r.createdBy
      ? { id: r.createdBy.id, name: `${r.createdBy.firstName ?? ''} ${r.createdBy.lastName ?? ''}`.trim() }
      : null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

function toDelivery(d: DeliveryRecord): WebhookDelivery {
  return {
    id: messageIdOf(d.messageId),
    event: d.eventType,
    status: d.status as WebhookDelivery['status'],
    attempts: d.attempts,
    created_at: d.createdAt.toISOString(),
    next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    last_attempt: d.lastAttemptAt
      ? {
          at: d.lastAttemptAt.toISOString(),
          response_status: d.lastResponseStatus,
          error: d.lastError as AttemptError,
          duration_ms: d.lastDurationMs ?? 0,
        }
      : null,
  };
}

/**
 * A URL the installation may send to: https (or http where private networks are allowed, on-premises),
 * and never a private, loopback or link-local address unless allowed. Names resolving to such an address
 * are refused when sending (lib/outbound-http.ts).
 */
function checkUrl(app: FastifyInstance, url: string) {
  if (app.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS) return;
  if (new URL(url).protocol !== 'https:')
    throw new AppError('validation_failed', { field: 'endpoint_url', messageKey: 'webhook_url_https' });
  if (isPrivateHost(url))
    throw new AppError('validation_failed', { field: 'endpoint_url', messageKey: 'webhook_url_private' });
}

/** Open webhook screens of the company read the endpoints again. */
const announce = (app: FastifyInstance, ctx: AccessContext, id: string) =>
  app.realtime.toEntity(ctx.entityId, 'updateWebhooks', { endpoint_ids: [id] });

const userId = (ctx: AccessContext) => (ctx.actor.kind === 'user' ? ctx.actor.userId : null);

async function mustFind(tx: Executor, ctx: AccessContext, id: string): Promise<EndpointRecord> {
  const [found] = await findEndpoints(tx, ctx.entityId, id);
  if (!found) throw notFound();
  return found;
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (e: WebhookEndpoint) => ({
  endpoint_kind: e.endpoint_kind,
  endpoint_url: e.endpoint_url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  disabled_reason: e.disabled_reason,
});

export async function listEndpoints(app: FastifyInstance, ctx: AccessContext): Promise<{ data: WebhookEndpoint[] }> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => ({
    data: (await findEndpoints(tx, ctx.entityId)).map(toEndpoint),
  }));
}

export async function createEndpoint(
  app: FastifyInstance,
  ctx: AccessContext,
  body: EndpointInput,
): Promise<WebhookEndpointWithSecret> {
  checkUrl(app, body.endpoint_url);
  const secret = newWebhookSecret();
  const made = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    if ((await countEndpoints(tx, ctx.entityId)) >= WEBHOOK_LIMITS.endpointsMax)
      throw new AppError('rule_violation', {
        messageKey: 'webhook_endpoints_max',
        vars: { max: WEBHOOK_LIMITS.endpointsMax },
      });
    const id = newId();
    await insertEndpoint(tx, {
      entityId: ctx.entityId,
      id,
      kind: body.endpoint_kind,
      url: body.endpoint_url,
      description: body.description,
      events: body.events,
      secret: app.secrets.encrypt(secret),
      createdBy: userId(ctx),
    });
    const endpoint = toEndpoint(await mustFind(tx, ctx, id));
    await writeAudit(tx, ctx, {
      action: 'webhook.create',
      targetType: 'webhook_endpoint',
      targetId: id,
      after: audited(endpoint),
    });
    // A chat channel's messages are not signed: it has no secret to show.
    return { endpoint, secret: body.endpoint_kind === 'standard' ? secret : null };
  });
  announce(app, ctx, made.endpoint.id);
  return made;
}

export async function changeEndpoint(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  patch: EndpointPatch,
): Promise<WebhookEndpoint> {
  if (patch.endpoint_url !== undefined) checkUrl(app, patch.endpoint_url);
  const changed = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const before = toEndpoint(await mustFind(tx, ctx, id));
    if (patch.events?.some((e) => !eventsOfKind(before.endpoint_kind).includes(e)))
      throw new AppError('validation_failed', { field: 'events', messageKey: 'webhook_events_not_of_kind' });
    const enabling = patch.enabled === true && !before.enabled;
    await updateEndpoint(tx, ctx.entityId, id, {
      ...(patch.endpoint_url !== undefined ? { url: patch.endpoint_url } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.events !== undefined ? { events: patch.events } : {}),
      ...(patch.enabled === true ? { enabled: true, disabledReason: null, disabledAt: null } : {}),
      ...(patch.enabled === false && before.enabled
        ? { enabled: false, disabledReason: 'manual', disabledAt: new Date() }
        : {}),
    });
    const after = toEndpoint(await mustFind(tx, ctx, id));
    await writeAudit(tx, ctx, {
      action: 'webhook.update',
      targetType: 'webhook_endpoint',
      targetId: id,
      before: audited(before),
      after: audited(after),
    });
    return { after, enabling };
  });
  // What waited while it was disabled goes now, in order.
  if (changed.enabling) app.webhooks.kick(ctx.entityId, id);
  announce(app, ctx, id);
  return changed.after;
}

export async function removeEndpoint(app: FastifyInstance, ctx: AccessContext, id: string) {
  await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const before = toEndpoint(await mustFind(tx, ctx, id));
    await deleteEndpoint(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'webhook.delete',
      targetType: 'webhook_endpoint',
      targetId: id,
      before: audited(before),
    });
  });
  announce(app, ctx, id);
  return { ok: true as const };
}

/** A new secret; the one before still signs for a day, so receivers can change over without a gap. */
export async function rotateSecret(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const found = await mustFind(tx, ctx, id);
    if (found.endpoint.kind !== 'standard')
      throw new AppError('rule_violation', { messageKey: 'webhook_chat_no_secret' });
    await updateEndpoint(tx, ctx.entityId, id, {
      secret: app.secrets.encrypt(secret),
      previousSecret: found.endpoint.secret,
      previousSecretUntil: new Date(Date.now() + WEBHOOK_LIMITS.rotationOverlapHours * 3_600_000),
    });
    const endpoint = toEndpoint(await mustFind(tx, ctx, id));
    await writeAudit(tx, ctx, { action: 'webhook.rotate_secret', targetType: 'webhook_endpoint', targetId: id });
    return { endpoint, secret };
  });
}

function mustBeEnabled(r: EndpointRecord) {
  if (!r.endpoint.enabled) throw new AppError('rule_violation', { messageKey: 'webhook_endpoint_disabled' });
}

/** Sends the endpoint a `webhook.test` message, whatever events it is told of. */
export async function sendTestMessage(app: FastifyInstance, ctx: AccessContext, id: string): Promise<WebhookDelivery> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    mustBeEnabled(await mustFind(tx, ctx, id));
    const messageId = await queueWebhook(
      tx,
      ctx.entityId,
      WEBHOOK_TEST_EVENT,
      { endpoint_id: id, company: { id: ctx.entityId, name: ctx.entity.name } },
      { endpointId: id },
    );
    const delivery = messageId ? await findDelivery(tx, ctx.entityId, id, messageId) : null;
    if (!delivery) throw notFound();
    await writeAudit(tx, ctx, { action: 'webhook.test', targetType: 'webhook_endpoint', targetId: id });
    return toDelivery(delivery);
  });
}

export async function listEndpointDeliveries(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  q: WebhookDeliveriesQuery,
): Promise<WebhookDeliveries> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    await mustFind(tx, ctx, id);
    const page = await listDeliveries(tx, ctx.entityId, id, q);
    return {
      data: page.rows.map(toDelivery),
      count: page.count,
      count_capped: page.capped,
      next_cursor: page.nextCursor,
    };
  });
}

export async function getDelivery(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  deliveryId: string,
): Promise<WebhookDeliveryDetail> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    await mustFind(tx, ctx, id);
    const found = await findDelivery(tx, ctx.entityId, id, rowIdOf(deliveryId));
    if (!found) throw notFound();
    const attempts = await attemptsOf(tx, ctx.entityId, id, found.messageId);
    const kind = (await mustFind(tx, ctx, id)).endpoint.kind as WebhookKind;
    return {
      ...toDelivery(found),
      request: {
        // What every attempt sends; the signature and timestamp are made at each attempt.
        headers: {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          ...(kind === 'standard' ? { 'webhook-id': messageIdOf(found.messageId) } : {}),
        },
        // A chat channel gets words; its approval links are shown without their signature.
        body: kind === 'standard' ? found.body : withoutLinkSignatures(chatBody(app, kind, found.body)),
      },
      attempt_log: attempts.map((a) => ({
        at: a.at.toISOString(),
        response_status: a.responseStatus,
        error: a.error as AttemptError,
        duration_ms: a.durationMs,
        response_body: a.responseBody,
      })),
    };
  });
}

/** "Send again": the message goes to the back of the endpoint's order, with its retries afresh. */
export async function resendDelivery(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    mustBeEnabled(await mustFind(tx, ctx, id));
    const messageId = rowIdOf(deliveryId);
    const found = await findDelivery(tx, ctx.entityId, id, messageId);
    if (!found) throw notFound();
    if (found.status === 'pending') throw new AppError('rule_violation', { messageKey: 'webhook_delivery_pending' });
    await requeueDelivery(tx, ctx.entityId, id, messageId, new Date());
    await writeAudit(tx, ctx, {
      action: 'webhook.resend',
      targetType: 'webhook_endpoint',
      targetId: id,
      after: { delivery: deliveryId, event: found.eventType },
    });
    return toDelivery((await findDelivery(tx, ctx.entityId, id, messageId))!);
  });
}
