import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';

// Per-company-day aggregates of visits (decision 038), kept by triggers on `visits` in the writing
// transaction (migrations 0040, 0041): the visit summary reads one row per day, site, area and user type
// instead of every visit. The day and hour are on the clock of `visit_stats_zones.timezone`. The app's
// role only reads them.

/**
 * One company's arrivals (and visits still expected) of a day at a site, area and user type: the counts
 * that add up, and what the distinct people, the median and the heat map are taken from.
 */
export const visitDayArrivals = pgTable(
  'visit_day_arrivals',
  {
    entityId: uuid('entity_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    siteId: uuid('site_id').notNull(),
    areaId: uuid('area_id').notNull(),
    userTypeId: uuid('user_type_id'),
    /** One of eight rows per day, site, area and user type, by the visit's id: sign-ins meet on one in eight. */
    slot: smallint('slot').notNull().default(0),
    /** Arrivals (on site, left, checked in) signed in that day. */
    visits: integer('visits').notNull().default(0),
    /** Of those, signed out: what the durations are taken from. */
    completed: integer('completed').notNull().default(0),
    /** The completed stays' sum, in microseconds. */
    stayMicros: bigint('stay_micros', { mode: 'number' }).notNull().default(0),
    /** Visits still expected that day (the no-shows of past days). */
    expected: integer('expected').notNull().default(0),
    /** Who arrived: the person's number (`visit_stats_people.ord`) once per arrival. */
    people: integer('people')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The completed stays in whole minutes (rounded), once per stay. */
    stays: integer('stays')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Arrivals per hour of the day (24 counts, hour 0 first). */
    hours: integer('hours')
      .array()
      .notNull()
      .default(sql`array_fill(0, array[24])`),
    /** The late and early reasons given, once per arrival that gave one. */
    lateReasons: uuid('late_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    earlyReasons: uuid('early_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    unique('visit_day_arrivals_key').on(t.entityId, t.day, t.siteId, t.areaId, t.userTypeId, t.slot).nullsNotDistinct(),
  ],
);

/** A number for each person with arrivals, so the aggregates hold people as small integers. */
export const visitStatsPeople = pgTable(
  'visit_stats_people',
  {
    entityId: uuid('entity_id').notNull(),
    personId: uuid('person_id').notNull(),
    ord: integer('ord').notNull(),
  },
  // No foreign key to people: the number is removed at commit once the person is deleted (migration 0042),
  // after their visits have taken their part out of the aggregates.
  (t) => [primaryKey({ columns: [t.entityId, t.personId] })],
);

/** The clock the aggregates of a company are kept on (its time zone when they were last rebuilt). */
export const visitStatsZones = pgTable('visit_stats_zones', {
  entityId: uuid('entity_id').primaryKey(),
  timezone: text('timezone').notNull(),
});
