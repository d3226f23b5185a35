import { bigint, date, integer, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';

// Per-company-day aggregates of visits (decision 038), kept by triggers on `visits` in the writing
// transaction (migration 0040): the visit summary reads these for a period's whole days instead of every
// visit. The day and hour are on the clock of `visit_stats_zones.timezone`. The app's role only reads them.

/** Arrivals and expected visits per day, hour, site, area, user type and late and early reason. */
export const visitDayStats = pgTable(
  'visit_day_stats',
  {
    entityId: uuid('entity_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    siteId: uuid('site_id').notNull(),
    areaId: uuid('area_id').notNull(),
    userTypeId: uuid('user_type_id'),
    lateReasonId: uuid('late_reason_id'),
    earlyReasonId: uuid('early_reason_id'),
    /** Arrivals (on site, left, checked in) signed in that hour. */
    visits: integer('visits').notNull().default(0),
    /** Of those, signed out: what the durations are taken from. */
    completed: integer('completed').notNull().default(0),
    /** The completed stays' sum, in microseconds. */
    stayMicros: bigint('stay_micros', { mode: 'number' }).notNull().default(0),
    /** Visits still expected, by the hour they were expected in (the no-shows of past days). */
    expected: integer('expected').notNull().default(0),
  },
  (t) => [
    unique('visit_day_stats_key')
      .on(t.entityId, t.day, t.hour, t.siteId, t.areaId, t.userTypeId, t.lateReasonId, t.earlyReasonId)
      .nullsNotDistinct(),
  ],
);

/** Who arrived on a day where: the distinct people of any period and filter. */
export const visitDayPeople = pgTable(
  'visit_day_people',
  {
    entityId: uuid('entity_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    personId: uuid('person_id').notNull(),
    siteId: uuid('site_id').notNull(),
    areaId: uuid('area_id').notNull(),
    userTypeId: uuid('user_type_id'),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [
    unique('visit_day_people_key')
      .on(t.entityId, t.day, t.personId, t.siteId, t.areaId, t.userTypeId)
      .nullsNotDistinct(),
  ],
);

/** Completed stays per day in whole minutes (rounded): the median of any period and filter. */
export const visitDayStays = pgTable(
  'visit_day_stays',
  {
    entityId: uuid('entity_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    siteId: uuid('site_id').notNull(),
    areaId: uuid('area_id').notNull(),
    userTypeId: uuid('user_type_id'),
    minutes: integer('minutes').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [
    unique('visit_day_stays_key').on(t.entityId, t.day, t.siteId, t.areaId, t.userTypeId, t.minutes).nullsNotDistinct(),
  ],
);

/** The clock the aggregates of a company are kept on (its time zone when they were last rebuilt). */
export const visitStatsZones = pgTable('visit_stats_zones', {
  entityId: uuid('entity_id').primaryKey(),
  timezone: text('timezone').notNull(),
});
