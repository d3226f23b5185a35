import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './global';
import { people } from './people';

// The privacy manager (decision 033): the company's default retention, the record an erased person's
// visits point at, and the runs of the retention (the nightly job, "Delete now", one person's erasure).
// A user type's own retention lives on `user_types` (both days, or neither: it follows the default).

/** A company's default retention (null days: kept for ever) and its anonymous record. */
export const privacySettings = pgTable(
  'privacy_settings',
  {
    entityId: uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    dataRetentionDays: integer('data_retention_days'),
    scansRetentionDays: integer('scans_retention_days'),
    /** The person every anonymised visit points at (status `anonymous`), made on first use. */
    anonymousPersonId: uuid('anonymous_person_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.entityId, t.anonymousPersonId], foreignColumns: [people.entityId, people.id] }),
    check(
      'privacy_settings_days_check',
      sql`(${t.dataRetentionDays} is null) = (${t.scansRetentionDays} is null) and coalesce(${t.dataRetentionDays}, 1) > 0 and coalesce(${t.scansRetentionDays}, 1) > 0`,
    ),
  ],
);

/** One run of the retention: what started it, what it covered and how many it erased or anonymised. */
export const privacyRuns = pgTable(
  'privacy_runs',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** schedule, delete_now, erasure. */
    trigger: text('trigger').notNull(),
    /** data, scans, both. */
    scope: text('scope').notNull(),
    /** running, done, failed. */
    status: text('status').notNull().default('running'),
    /** "Delete now" of one user type (its name kept, should the type be deleted later). */
    userTypeId: uuid('user_type_id'),
    userTypeName: text('user_type_name'),
    /** The company's day (its time zone) a nightly run covers: one per day. */
    localDate: date('local_date'),
    peopleErased: integer('people_erased').notNull().default(0),
    visitsAnonymised: integer('visits_anonymised').notNull().default(0),
    requestedByPersonId: uuid('requested_by_person_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('privacy_runs_started_idx').on(t.entityId, t.startedAt.desc(), t.id),
    uniqueIndex('privacy_runs_schedule_day_key')
      .on(t.entityId, t.localDate)
      .where(sql`${t.trigger} = 'schedule'`),
  ],
);
