import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './global';
import { people } from './people';

// The duplication control board (decision 032): the pairs the latest scan found, the scans, the pairs
// an admin said are two people, and the merges done, each kept to explain it afterwards.

/** A pair of people who are probably the same; `person_a_id` < `person_b_id`. */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    personAId: uuid('person_a_id').notNull(),
    personBId: uuid('person_b_id').notNull(),
    /** 0–100: the strongest reason's. */
    score: integer('score').notNull(),
    /** email, phone, id_number, name. */
    reasons: text('reasons').array().notNull(),
    /** Of the two full names, 0–1. */
    nameSimilarity: real('name_similarity').notNull(),
    /** Both people's names, companies and emails, lower-cased, for the board's search. */
    searchText: text('search_text').notNull(),
    scanId: uuid('scan_id').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.personAId], foreignColumns: [people.entityId, people.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.entityId, t.personBId], foreignColumns: [people.entityId, people.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('duplicate_pairs_people_key').on(t.entityId, t.personAId, t.personBId),
    index('duplicate_pairs_person_b_idx').on(t.entityId, t.personBId),
    // The board's order: the likeliest first, then by id (keyset).
    index('duplicate_pairs_score_idx').on(t.entityId, t.score.desc(), t.id),
  ],
);

/** A scan of a company's people for duplicates: asked for (or nightly), run as a job. */
export const duplicateScans = pgTable(
  'duplicate_scans',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** queued, running, done, failed. */
    status: text('status').notNull().default('queued'),
    requestedByPersonId: uuid('requested_by_person_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    people: integer('people'),
    pairs: integer('pairs'),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('duplicate_scans_requested_idx').on(t.entityId, t.requestedAt.desc()),
  ],
);

/** Two people an admin said are not the same: no scan pairs them again. */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    entityId: uuid('entity_id').notNull(),
    personAId: uuid('person_a_id').notNull(),
    personBId: uuid('person_b_id').notNull(),
    dismissedByPersonId: uuid('dismissed_by_person_id'),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.personAId, t.personBId] }),
    foreignKey({ columns: [t.entityId, t.personAId], foreignColumns: [people.entityId, people.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.entityId, t.personBId], foreignColumns: [people.entityId, people.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * A merge done: the kept person, the removed one as they were (to explain it afterwards), what moved,
 * what was filled in and what could not move.
 */
export const personMerges = pgTable(
  'person_merges',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    keptPersonId: uuid('kept_person_id').notNull(),
    keptName: text('kept_name').notNull(),
    removedPersonId: uuid('removed_person_id').notNull(),
    removed: jsonb('removed')
      .$type<{
        full_name: string;
        email: string | null;
        phone: string | null;
        id_number: string | null;
        company_name: string | null;
      }>()
      .notNull(),
    moved: jsonb('moved').$type<Record<string, number>>().notNull(),
    filled: text('filled')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dropped: text('dropped')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    score: integer('score'),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mergedByPersonId: uuid('merged_by_person_id'),
    mergedByName: text('merged_by_name'),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.keptPersonId], foreignColumns: [people.entityId, people.id] }).onDelete(
      'cascade',
    ),
    index('person_merges_merged_idx').on(t.entityId, t.mergedAt.desc(), t.id),
    index('person_merges_kept_idx').on(t.entityId, t.keptPersonId),
  ],
);
