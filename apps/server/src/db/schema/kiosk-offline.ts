import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { entities } from './global';

// Offline replay (decision 045). Kiosk, site, area, person and visit carry no foreign key: what a
// kiosk did offline outlives a deregistered kiosk, a removed area or a deleted person.

/**
 * Every queued action a kiosk replayed, one row per person: what became of it (done, merged,
 * already_left, needs_review) and the visit it touched. The same key and person never apply twice;
 * a sign-out that found nobody on site (`already_left`, no visit) closes a visit that an earlier
 * sign-in replayed later makes.
 */
export const kioskOfflineActions = pgTable(
  'kiosk_offline_actions',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kioskId: uuid('kiosk_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    personId: uuid('person_id').notNull(),
    /** sign_in or sign_out. */
    action: text('action').notNull(),
    /** KIOSK_REPLAY_STATUSES but replayed, refused and retry. */
    outcome: text('outcome').notNull(),
    siteId: uuid('site_id').notNull(),
    areaId: uuid('area_id').notNull(),
    visitId: uuid('visit_id'),
    reviewId: uuid('review_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('kiosk_offline_actions_key').on(t.entityId, t.idempotencyKey, t.personId),
    // A person's sign-outs at a site, by time: the ones that found nobody wait for a late sign-in.
    index('kiosk_offline_actions_person_idx').on(t.entityId, t.personId, t.siteId, t.occurredAt),
  ],
);

export type KioskReviewReason = { field: string; key: string; vars?: Record<string, string | number> };

/** "Accepted offline, needs review": what happened, why the server would have refused it, and its resolution. */
export const kioskOfflineReviews = pgTable(
  'kiosk_offline_reviews',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kioskId: uuid('kiosk_id').notNull(),
    kioskName: text('kiosk_name').notNull(),
    siteId: uuid('site_id').notNull(),
    areaId: uuid('area_id').notNull(),
    personId: uuid('person_id'),
    /** The person's name as it was (empty when the person was never found). */
    personName: text('person_name').notNull(),
    visitId: uuid('visit_id'),
    /** sign_in or sign_out. */
    action: text('action').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Message keys of the errors catalogue with their values, said in the reader's language. */
    reasons: jsonb('reasons').$type<KioskReviewReason[]>().notNull().default([]),
    /** KIOSK_REVIEW_STATUSES. */
    status: text('status').notNull().default('open'),
    note: text('note'),
    resolvedById: uuid('resolved_by_id'),
    resolvedByName: text('resolved_by_name'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('kiosk_offline_reviews_status_idx').on(t.entityId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);
