import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';

// Outgoing webhooks (issue 29, decision 052): a company's endpoints, told of what happens to the
// Standard Webhooks specification (https://www.standardwebhooks.com): each message is signed with the
// endpoint's `whsec_` secret, delivered in order per endpoint, retried on a fixed schedule, and logged.
// Kept with the `integration` permission.

/** What an endpoint can be told of: `<object>.<what happened>`. */
export const WEBHOOK_EVENTS = [
  'visit.signed_in',
  'visit.signed_out',
  'expected_visit.created',
  'expected_visit.changed',
  'expected_visit.cancelled',
  'expected_visit.approved',
  'expected_visit.rejected',
  'watchlist.matched',
  'emergency.started',
  'emergency.ended',
  'person.created',
  'person.changed',
  'person.archived',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * What an endpoint is: a receiver of signed Standard Webhooks, or a chat channel's incoming-webhook URL
 * (Slack, Microsoft Teams) that hosts read, told in words and never signed.
 */
export const WEBHOOK_KINDS = ['standard', 'slack', 'teams'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/**
 * What a chat channel can be told of, each message written to one host in their language: their
 * visitor arrived (when the flow tells hosts of arrivals), is late (not come `HOST_LATE_AFTER_MINUTES`
 * after their time), or a visit of theirs waits for approval (registered so, or the visitor is at the
 * door), with single-use links to approve or reject it.
 */
export const HOST_ALERT_EVENTS = ['host.visitor_arrived', 'host.visitor_late', 'host.approval_needed'] as const;

/** An expected visitor not signed in this long after their time is late: their hosts are told once. */
export const HOST_LATE_AFTER_MINUTES = 15;
export type HostAlertEvent = (typeof HOST_ALERT_EVENTS)[number];

/** The events an endpoint of a kind may be told of. */
export const eventsOfKind = (kind: WebhookKind): readonly string[] =>
  kind === 'standard' ? WEBHOOK_EVENTS : HOST_ALERT_EVENTS;

/** The message "Send test message" sends to one endpoint, whatever its events. */
export const WEBHOOK_TEST_EVENT = 'webhook.test' as const;
export type WebhookMessageType = WebhookEvent | HostAlertEvent | typeof WEBHOOK_TEST_EVENT;

/**
 * The waits before each retry after a failed attempt (the specification's recommended schedule): the
 * first attempt is at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h after the
 * attempt before. When the last retry fails too, the message has failed and the endpoint is disabled.
 */
export const WEBHOOK_RETRY_DELAYS_S = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400] as const;

export const WEBHOOK_LIMITS = {
  endpointsMax: 20,
  urlMax: 500,
  descriptionMax: 200,
  /** One attempt's wait for the endpoint's answer. */
  timeoutMs: 15_000,
  /** What is kept of an endpoint's answer, in characters. */
  responseKeptMax: 2_000,
  /** How long the previous secret still signs after a rotation. */
  rotationOverlapHours: 24,
  /** How long the delivery log is kept. */
  logDays: 30,
} as const;

/** Why an endpoint is disabled: the admin did it; it answered 410 Gone; a message failed every retry. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'gone', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an attempt got no answer (a status code otherwise). */
export const WEBHOOK_ATTEMPT_ERRORS = [
  'timeout',
  'connection_failed',
  'dns_failed',
  'blocked_address',
  'tls_failed',
  'redirect',
] as const;
export type WebhookAttemptError = (typeof WEBHOOK_ATTEMPT_ERRORS)[number];

const endpointUrl = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_LIMITS.urlMax)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: 'webhook_url_invalid' });
const ALL_EVENTS = [...WEBHOOK_EVENTS, ...HOST_ALERT_EVENTS] as const;
const events = z
  .array(z.enum(ALL_EVENTS))
  .min(1)
  .max(ALL_EVENTS.length)
  .transform((v) => [...new Set(v)]);
const description = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.descriptionMax)
  .nullable()
  .optional()
  .transform((v) => v || null);

/** `endpoint_url`, not `url`: that field name means a table's filters elsewhere, and errors name fields by it. */
export const webhookEndpointBodySchema = z
  .strictObject({
    /** Chosen when the endpoint is made, never changed: a chat channel's events are not a receiver's. */
    endpoint_kind: z.enum(WEBHOOK_KINDS).default('standard'),
    endpoint_url: endpointUrl,
    description,
    events,
  })
  .superRefine((body, ctx) => {
    if (body.events.some((e) => !eventsOfKind(body.endpoint_kind).includes(e)))
      ctx.addIssue({ code: 'custom', path: ['events'], message: 'webhook_events_not_of_kind' });
  });
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

export const webhookEndpointPatchSchema = z.strictObject({
  endpoint_url: endpointUrl.optional(),
  /** Left out: kept as it is; empty or null: cleared. */
  description: z
    .string()
    .trim()
    .max(WEBHOOK_LIMITS.descriptionMax)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  events: events.optional(),
  /** Enabling again sends what waited meanwhile, in order. */
  enabled: z.boolean().optional(),
});
export type WebhookEndpointPatch = z.input<typeof webhookEndpointPatchSchema>;

const attemptSchema = z.object({
  at: z.string(),
  response_status: z.number().int().nullable(),
  error: z.enum(WEBHOOK_ATTEMPT_ERRORS).nullable(),
  duration_ms: z.number().int(),
});

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  endpoint_kind: z.enum(WEBHOOK_KINDS),
  endpoint_url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(ALL_EVENTS)),
  enabled: z.boolean(),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabled_at: z.string().nullable(),
  /** Until when the secret before the last rotation still signs; null when none does. */
  previous_secret_until: z.string().nullable(),
  /** Messages waiting to be delivered. */
  pending: z.number().int(),
  last_attempt: attemptSchema.nullable(),
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointsSchema = z.object({ data: z.array(webhookEndpointSchema) });

/** The endpoint with its signing secret, answered once: when it is made, and when the secret is rotated. */
export const webhookEndpointWithSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  /** Null for a chat channel: its messages are not signed. */
  secret: z.string().nullable(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliveriesQuerySchema = z.strictObject({
  ...cursorPageQuery.shape,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

export const webhookDeliverySchema = z.object({
  /** The message id, sent as `webhook-id`: the same on every attempt, so the receiver can drop repeats. */
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  last_attempt: attemptSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesSchema = cursorListResponse(webhookDeliverySchema);
export type WebhookDeliveries = z.infer<typeof webhookDeliveriesSchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  /** What was sent: the headers but the signature, and the body. */
  request: z.object({ headers: z.record(z.string(), z.string()), body: z.string() }),
  attempt_log: z.array(attemptSchema.extend({ response_body: z.string().nullable() })),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const webhookDeliveryParams = z.object({ id: z.uuid(), delivery_id: z.string().regex(/^msg_[0-9a-f]{32}$/) });
