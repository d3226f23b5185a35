import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * An evacuation (spec §3 Emergency, §4 Emergency session): started by a warden on the dashboard or by a
 * kiosk's fire-alarm input, over some areas, until a warden ends it. A drill is the same, labelled and
 * counted apart. Names of people, kiosks, areas and sites are kept as they were, so a session's report
 * reads the same after they change or go.
 */
export const emergencySessions = pgTable(
  'emergency_sessions',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    isDrill: boolean('is_drill').notNull().default(false),
    /** dashboard or kiosk (SESSION_ORIGINS). */
    origin: text('origin').notNull(),
    kioskId: uuid('kiosk_id'),
    kioskName: text('kiosk_name'),
    startedByUserId: uuid('started_by_user_id'),
    startedByName: text('started_by_name'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedByUserId: uuid('ended_by_user_id'),
    endedByName: text('ended_by_name'),
    /** People still missing this many minutes after the start are highlighted. */
    highlightAfterMinutes: integer('highlight_after_minutes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('emergency_sessions_entity_started_idx').on(t.entityId, t.startedAt.desc(), t.id.desc()),
    // The running sessions of a company: what a sign-out, a start and the top bar look up.
    index('emergency_sessions_active_idx')
      .on(t.entityId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** The areas a session covers, with their names and sites as they were at the start. */
export const emergencySessionAreas = pgTable(
  'emergency_session_areas',
  {
    entityId: uuid('entity_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    areaId: uuid('area_id').notNull(),
    areaName: text('area_name').notNull(),
    siteId: uuid('site_id').notNull(),
    siteName: text('site_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.sessionId, t.areaId] }),
    foreignKey({
      columns: [t.entityId, t.sessionId],
      foreignColumns: [emergencySessions.entityId, emergencySessions.id],
    }).onDelete('cascade'),
    index('emergency_session_areas_area_idx').on(t.entityId, t.areaId),
  ],
);

/**
 * A session's roll: the people on site in its areas when it started, and those added at the muster
 * point. `status` is the latest mark by the time it was made (EMERGENCY_STATUSES); every mark is kept in
 * emergency_marks. `version` rises with each change (clients keep the highest). `safe_token_hash`: the
 * person's own "I am safe" link (sha-256 of its token), usable while the session runs.
 */
export const emergencyRoll = pgTable(
  'emergency_roll',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    sessionId: uuid('session_id').notNull(),
    personId: uuid('person_id'),
    visitId: uuid('visit_id'),
    fullName: text('full_name').notNull(),
    companyName: text('company_name'),
    phone: text('phone'),
    email: text('email'),
    userTypeId: uuid('user_type_id'),
    userTypeName: text('user_type_name'),
    siteId: uuid('site_id'),
    areaId: uuid('area_id'),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
    status: text('status').notNull(),
    /** MARK_SOURCES. */
    source: text('source').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    markedByUserId: uuid('marked_by_user_id'),
    markedByName: text('marked_by_name'),
    version: integer('version').notNull().default(1),
    safeTokenHash: text('safe_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.sessionId],
      foreignColumns: [emergencySessions.entityId, emergencySessions.id],
    }).onDelete('cascade'),
    index('emergency_roll_session_idx').on(t.entityId, t.sessionId, t.fullName, t.id),
    // A sign-out during a session finds the entry its visit made.
    index('emergency_roll_visit_idx').on(t.entityId, t.visitId),
    uniqueIndex('emergency_roll_person_key')
      .on(t.entityId, t.sessionId, t.personId)
      .where(sql`${t.personId} is not null`),
    // The "I am safe" page knows no company: found through capability_keys (decision 055), unique
    // across companies there; here per company, as Citus needs.
    uniqueIndex('emergency_roll_safe_token_key').on(t.entityId, t.safeTokenHash),
  ],
);

/**
 * Every mark of a session, in the order received, concurrent ones included: the session's history and
 * the roll-call report's source. `client_id` (the tapping phone's id for the mark) makes a replayed mark
 * count once.
 */
export const emergencyMarks = pgTable(
  'emergency_marks',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    sessionId: uuid('session_id').notNull(),
    rollId: uuid('roll_id').notNull(),
    clientId: uuid('client_id'),
    status: text('status').notNull(),
    source: text('source').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    byUserId: uuid('by_user_id'),
    byName: text('by_name'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.sessionId],
      foreignColumns: [emergencySessions.entityId, emergencySessions.id],
    }).onDelete('cascade'),
    index('emergency_marks_session_idx').on(t.entityId, t.sessionId, t.markedAt),
    uniqueIndex('emergency_marks_client_key')
      .on(t.entityId, t.sessionId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);
