import type { FastifyInstance } from 'fastify';
import { WEBHOOK_LIMITS, WEBHOOK_RETRY_DELAYS_S } from '@app/shared/webhooks/schemas';
import { withTenant } from '../../db/client';
import { postOutbound, type OutboundAnswer } from '../../lib/outbound-http';
import { messageIdOf } from './webhook-outbox';
import { signWebhook, WEBHOOK_USER_AGENT } from './webhook-signing';
import { mailEndpointDisabled } from './webhook-mails';
import { chatBody } from '../host-alerts/chat-messages';
import {
  claimEndpoint,
  dueEndpoints,
  headDelivery,
  recordAttempt,
  releaseEndpoint,
  type AttemptOutcome,
  type ClaimedEndpoint,
} from './webhook-deliveries.repository';

// The dispatcher (decision 052). One node at a time delivers an endpoint's messages — it holds the
// endpoint's lease, written in the database, so any node may start and only one goes on — strictly in
// their order: the oldest pending message first, and nothing after it until it succeeds or has failed
// every retry. Each attempt is signed at the moment it is made, and logged with what came back.
// Every node hears a delivery queued (the table's trigger, at commit) and sweeps each minute for
// retries due; a retry due sooner wakes a job at its time.

export type Clock = () => Date;

/** How long a claimed endpoint stays with its dispatcher without an attempt recorded (a dead node's). */
export const LEASE_MS = 2 * WEBHOOK_LIMITS.timeoutMs + 30_000;
/** Attempts one claim makes at most, so that one busy endpoint does not hold a worker for long. */
const ATTEMPTS_PER_CLAIM = 100;

/** When the attempt after `attempts` failed ones is due; null when the schedule is spent. */
export function nextAttemptAt(attempts: number, at: Date): Date | null {
  const wait = WEBHOOK_RETRY_DELAYS_S[attempts - 1];
  return wait === undefined ? null : new Date(at.getTime() + wait * 1000);
}

/** What an answer makes of a delivery. */
export function outcomeOf(answer: OutboundAnswer, attempts: number, at: Date): AttemptOutcome {
  if (answer.ok) return { status: 'succeeded' };
  if (answer.status === 410) return { status: 'failed', disable: 'gone' };
  const next = nextAttemptAt(attempts, at);
  return next ? { status: 'pending', next } : { status: 'failed', disable: 'failing' };
}

export type DispatchResult = { attempts: number; wakeAt: Date | null };

/** Delivers what is due of one endpoint's messages, in order, if no other dispatcher holds it. */
export async function dispatchEndpoint(
  app: FastifyInstance,
  entityId: string,
  endpointId: string,
  clock: Clock,
): Promise<DispatchResult> {
  const endpoint = await withTenant(app.db.db, entityId, (tx) =>
    claimEndpoint(tx, entityId, endpointId, clock(), LEASE_MS),
  );
  if (!endpoint) return { attempts: 0, wakeAt: null };
  let attempts = 0;
  let wakeAt: Date | null = null;
  try {
    while (attempts < ATTEMPTS_PER_CLAIM) {
      const now = clock();
      const head = await withTenant(app.db.db, entityId, (tx) => headDelivery(tx, entityId, endpointId));
      if (!head) break;
      if (head.nextAttemptAt && head.nextAttemptAt > now) {
        wakeAt = head.nextAttemptAt;
        break;
      }
      const outcome = await attempt(app, endpoint, head, now);
      attempts += 1;
      if (outcome.status === 'pending') {
        wakeAt = outcome.next;
        break;
      }
      if (outcome.status === 'failed' && outcome.disable) {
        await mailEndpointDisabled(app, entityId, endpoint, outcome.disable, now).catch((err: unknown) =>
          app.log.error({ err, entityId, endpointId }, 'webhook disabled mail failed'),
        );
        break;
      }
    }
  } finally {
    await withTenant(app.db.db, entityId, (tx) => releaseEndpoint(tx, entityId, endpointId));
  }
  if (attempts > 0) app.realtime.toEntity(entityId, 'updateWebhooks', { endpoint_ids: [endpointId] });
  if (wakeAt && wakeAt.getTime() - clock().getTime() < 60_000) void app.webhooks.wakeAt(entityId, endpointId, wakeAt);
  return { attempts, wakeAt };
}

const outbound = (app: FastifyInstance) => ({
  timeoutMs: WEBHOOK_LIMITS.timeoutMs,
  keepChars: WEBHOOK_LIMITS.responseKeptMax,
  allowPrivate: app.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
});

function signedHeaders(
  app: FastifyInstance,
  endpoint: ClaimedEndpoint,
  head: { messageId: string; body: string },
  now: Date,
) {
  const secrets = [app.secrets.decrypt(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now)
    secrets.push(app.secrets.decrypt(endpoint.previousSecret));
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    ...signWebhook(messageIdOf(head.messageId), now, head.body, secrets),
  };
}

async function attempt(
  app: FastifyInstance,
  endpoint: ClaimedEndpoint,
  head: NonNullable<Awaited<ReturnType<typeof headDelivery>>>,
  now: Date,
): Promise<AttemptOutcome> {
  const answer =
    endpoint.kind === 'standard'
      ? await postOutbound(endpoint.url, head.body, signedHeaders(app, endpoint, head, now), outbound(app))
      : // A chat channel is told in words, unsigned: Slack and Teams check the URL's own secret.
        await postOutbound(
          endpoint.url,
          chatBody(app, endpoint.kind, head.body),
          { 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT },
          outbound(app),
        );
  const outcome = outcomeOf(answer, head.attempts + 1, now);
  await withTenant(app.db.db, endpoint.entityId, (tx) =>
    recordAttempt(tx, endpoint, head.messageId, answer, outcome, now, LEASE_MS),
  );
  return outcome;
}

/** The sweep: every endpoint with a message due, in every company, each dispatched once. */
export async function dispatchDue(app: FastifyInstance, clock: Clock): Promise<number> {
  let attempts = 0;
  for (const due of await dueEndpoints(app.db.db, clock())) {
    attempts += (await dispatchEndpoint(app, due.entityId, due.endpointId, clock)).attempts;
  }
  return attempts;
}
