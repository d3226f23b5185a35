import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './global';
import { sites } from './sites';

/** A working schedule (spec §3 Attendance mode); times are wall-clock in the company's time zone. */
export const attendanceModes = pgTable(
  'attendance_modes',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** ISO weekdays the schedule runs on: 1 Monday … 7 Sunday. */
    days: jsonb('days').$type<number[]>().notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** Minutes after the start a sign-in still counts as on time. */
    lateSignInMinutes: integer('late_sign_in_minutes').notNull().default(0),
    /** Minutes before the end a sign-out still counts as on time. */
    earlySignOutMinutes: integer('early_sign_out_minutes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('attendance_modes_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
  ],
);

/** The sites a mode serves; admins act only on modes of their sites (spec §6). */
export const attendanceModeSites = pgTable(
  'attendance_mode_sites',
  {
    entityId: uuid('entity_id').notNull(),
    attendanceModeId: uuid('attendance_mode_id').notNull(),
    siteId: uuid('site_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.attendanceModeId, t.siteId] }),
    foreignKey({
      columns: [t.entityId, t.attendanceModeId],
      foreignColumns: [attendanceModes.entityId, attendanceModes.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.siteId], foreignColumns: [sites.entityId, sites.id] }).onDelete('cascade'),
    index('attendance_mode_sites_site_idx').on(t.entityId, t.siteId),
  ],
);

/**
 * A late sign-in or early sign-out reason (spec §3 Reason): it covers [start_time, start_time +
 * duration) inside its mode's hours, without overlapping another reason of the mode.
 */
export const attendanceReasons = pgTable(
  'attendance_reasons',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    attendanceModeId: uuid('attendance_mode_id').notNull(),
    name: text('name').notNull(),
    /** late_sign_in or early_sign_out. */
    type: text('type').notNull(),
    startTime: time('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    attendanceCode: text('attendance_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.attendanceModeId],
      foreignColumns: [attendanceModes.entityId, attendanceModes.id],
    }).onDelete('cascade'),
    uniqueIndex('attendance_reasons_mode_name_key').on(t.entityId, t.attendanceModeId, sql`lower(${t.name})`),
  ],
);
