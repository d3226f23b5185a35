import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities, users } from './global';
import { people } from './people';
import { visits } from './visits';

// Outgoing webhooks (issue 29, decision 052): a company's endpoints, the messages written in the same
// transaction as what they tell (an outbox: a committed change is never left untold, a rolled-back one
// never told), each endpoint's deliveries in order, and every attempt.

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** standard (signed Standard Webhooks), slack or teams (a chat channel's incoming webhook). */
    kind: text('kind').notNull().default('standard'),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    /** The `whsec_` secret, encrypted (lib/secrets.ts). */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signing until `previous_secret_until`. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** manual, gone (410) or failing (a message failed every retry). */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** One dispatcher at a time delivers an endpoint's messages, in order: it holds the lease until then. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The last attempt, kept here as it is made, so the list reads it without searching the log. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    check(
      'webhook_endpoints_disabled_reason_check',
      sql`${t.disabledReason} is null or ${t.disabledReason} in ('manual', 'gone', 'failing')`,
    ),
    check('webhook_endpoints_kind_check', sql`${t.kind} in ('standard', 'slack', 'teams')`),
    index('webhook_endpoints_created_idx').on(t.entityId, t.createdAt, t.id),
  ],
);

/** What happened, as sent: `{ type, timestamp, data }`; the same message goes to each endpoint told. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The person the message is about, so that an erasure deletes it. */
    personId: uuid('person_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    // Erasing or deleting the person deletes what was written of them.
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    index('webhook_messages_created_idx').on(t.entityId, t.createdAt),
    index('webhook_messages_person_idx').on(t.entityId, t.personId),
  ],
);

/** A message to one endpoint: pending until an attempt succeeds or the retries are spent. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id').notNull(),
    messageId: uuid('message_id').notNull(),
    /** pending, succeeded or failed. */
    status: text('status').notNull(),
    /** Attempts since it was queued (or queued again by "send again"). */
    attempts: integer('attempts').notNull().default(0),
    /** Its place in the endpoint's order: when it was queued, or queued again. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.endpointId, t.messageId] }),
    foreignKey({
      columns: [t.entityId, t.endpointId],
      foreignColumns: [webhookEndpoints.entityId, webhookEndpoints.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.entityId, t.messageId],
      foreignColumns: [webhookMessages.entityId, webhookMessages.id],
    }).onDelete('cascade'),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    /** The endpoint's order, and its log newest first. */
    index('webhook_deliveries_order_idx').on(t.entityId, t.endpointId, t.queuedAt, t.messageId),
    index('webhook_deliveries_status_idx').on(t.entityId, t.endpointId, t.status, t.queuedAt, t.messageId),
    index('webhook_deliveries_message_idx').on(t.entityId, t.messageId),
    /** The sweep's look-up of endpoints with a message due, across companies. */
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every attempt: when, what the endpoint answered (or why nothing), and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    messageId: uuid('message_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    responseStatus: integer('response_status'),
    /** timeout, connection_failed, dns_failed, blocked_address, tls_failed, redirect. */
    error: text('error'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.endpointId, t.messageId],
      foreignColumns: [webhookDeliveries.entityId, webhookDeliveries.endpointId, webhookDeliveries.messageId],
    }).onDelete('cascade'),
    index('webhook_attempts_delivery_idx').on(t.entityId, t.endpointId, t.messageId, t.at),
  ],
);

/**
 * A link in a host's chat message to approve or reject a visit waiting for approval: used once, for a
 * limited time, and only while the visit still waits. The URL carries the row's id and its HMAC with
 * the installation's key; the row says what the link may still do.
 */
export const hostApprovalLinks = pgTable(
  'host_approval_links',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    visitId: uuid('visit_id').notNull(),
    hostId: uuid('host_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** approve or reject, once used. */
    decision: text('decision'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.visitId], foreignColumns: [visits.entityId, visits.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.hostId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    check('host_approval_links_decision_check', sql`${t.decision} is null or ${t.decision} in ('approve', 'reject')`),
    /** A visitor waiting at the door is told of once in a while, not at every try (host-alerts.ts). */
    index('host_approval_links_visit_idx').on(t.entityId, t.visitId, t.createdAt),
    index('host_approval_links_id_idx').on(t.id),
  ],
);
