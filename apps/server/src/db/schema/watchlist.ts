import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
import type { MatchReason, Subject } from '@app/shared/watchlist/match';
import { entities, users } from './global';
import { people } from './people';

// Watchlist screening (issue 29, decision 051): the people a company must not let in or must look at
// first, the keys their names are matched by, each screening's outcome, and the pairs an admin said
// are not the same person.

/** The company's screening settings: how alike names must be, and who is told of a match. */
export const watchlistSettings = pgTable(
  'watchlist_settings',
  {
    entityId: uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    nameThreshold: integer('name_threshold').notNull().default(80),
    /** The people emailed of a "review" or "notify" match. */
    notifyPersonIds: uuid('notify_person_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('watchlist_settings_threshold_check', sql`${t.nameThreshold} between 60 and 100`)],
);

export const watchlistEntries = pgTable(
  'watchlist_entries',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** deny, review or notify. */
    level: text('level').notNull(),
    fullName: text('full_name').notNull(),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    email: text('email'),
    phone: text('phone'),
    companyName: text('company_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    reason: text('reason').notNull(),
    /** The photo's file key. */
    image: text('image'),
    /** The contact keys screening compares (name-keys.ts), kept by the app. */
    emailKey: text('email_key'),
    phoneKey: text('phone_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The name lower-cased, for the list's order and its keyset. */
    sortName: text('sort_name').generatedAlwaysAs(sql`lower("full_name")`),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    check('watchlist_entries_level_check', sql`${t.level} in ('deny', 'review', 'notify')`),
    index('watchlist_entries_email_idx').on(t.entityId, t.emailKey),
    index('watchlist_entries_phone_idx').on(t.entityId, t.phoneKey),
    index('watchlist_entries_name_idx').on(t.entityId, t.sortName, t.id),
    index('watchlist_entries_level_idx').on(t.entityId, t.level, t.sortName, t.id),
  ],
);

/** Each name and alias of an entry, by its keys (name-keys.ts); trigram indexes find the candidates. */
export const watchlistKeys = pgTable(
  'watchlist_keys',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    entryId: uuid('entry_id').notNull(),
    /** name or alias. */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    plain: text('plain').notNull(),
    skeleton: text('skeleton').notNull(),
    /** The name's words as written: a name is found by a word in common (a GIN index, migration 0053). */
    plainWords: text('plain_words')
      .array()
      .generatedAlwaysAs(sql`string_to_array("plain", ' ')`),
    /** The skeleton's words: a name as it sounds is found by a word in common. */
    skeletonWords: text('skeleton_words')
      .array()
      .generatedAlwaysAs(sql`string_to_array("skeleton", ' ')`),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.entryId],
      foreignColumns: [watchlistEntries.entityId, watchlistEntries.id],
    }).onDelete('cascade'),
    index('watchlist_keys_entry_idx').on(t.entityId, t.entryId),
  ],
);

/** One screening that found an entry: where, whom, why, and what came of it. */
export const watchlistScreenings = pgTable(
  'watchlist_screenings',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The way in: desk, kiosk, kiosk_offline, api, passport, expected_visit, pre_registration, import. */
    way: text('way').notNull(),
    personId: uuid('person_id'),
    subject: jsonb('subject').$type<Subject>().notNull(),
    /** The entry as it was (an entry removed later leaves its screenings). */
    entryId: uuid('entry_id').notNull(),
    entryName: text('entry_name').notNull(),
    level: text('level').notNull(),
    score: integer('score').notNull(),
    reasons: jsonb('reasons').$type<MatchReason[]>().notNull(),
    /** refused, pending, approved, rejected, notified, not_a_match. */
    outcome: text('outcome').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** An approval lets the person in until then (the end of the company's day). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    check(
      'watchlist_screenings_outcome_check',
      sql`${t.outcome} in ('refused', 'pending', 'approved', 'rejected', 'notified', 'not_a_match')`,
    ),
    index('watchlist_screenings_at_idx').on(t.entityId, t.at, t.id),
    index('watchlist_screenings_outcome_idx').on(t.entityId, t.outcome, t.at, t.id),
    index('watchlist_screenings_person_idx').on(t.entityId, t.personId, t.entryId),
    index('watchlist_screenings_entry_idx').on(t.entityId, t.entryId, t.outcome),
  ],
);

/** "Not a match": this person is not this entry, as an admin decided; screening skips the pair. */
export const watchlistDismissals = pgTable(
  'watchlist_dismissals',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').notNull(),
    personId: uuid('person_id').notNull(),
    reason: text('reason').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.entryId, t.personId] }),
    foreignKey({
      columns: [t.entityId, t.entryId],
      foreignColumns: [watchlistEntries.entityId, watchlistEntries.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
  ],
);
