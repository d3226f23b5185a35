import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { attendanceModes } from './attendance';
import { compliances } from './compliances';
import { entities } from './global';
import { people } from './people';
import { sites } from './sites';
import { userTypes } from './user-types';

/** How people get into a company's sites (spec §3 Journey): one flow per user type. */
export const journeys = pgTable(
  'journeys',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** File-store key of the logo. */
    logo: text('logo'),
    /** Used for remote sign-in (no kiosk), e.g. from the passport app. */
    remote: boolean('remote').notNull().default(false),
    /** Kiosks running the journey take touch input; off only when every flow has an input method. */
    touchMode: boolean('touch_mode').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('journeys_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
  ],
);

/** The sites a journey applies to; admins act only on journeys of their sites (spec §6). */
export const journeySites = pgTable(
  'journey_sites',
  {
    entityId: uuid('entity_id').notNull(),
    journeyId: uuid('journey_id').notNull(),
    siteId: uuid('site_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.journeyId, t.siteId] }),
    foreignKey({ columns: [t.entityId, t.journeyId], foreignColumns: [journeys.entityId, journeys.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.entityId, t.siteId], foreignColumns: [sites.entityId, sites.id] }).onDelete('cascade'),
    index('journey_sites_site_idx').on(t.entityId, t.siteId),
  ],
);

/**
 * The steps one user type goes through in a journey (spec §3 journey flow). `settings` holds inputs,
 * checks, host options and note, feedback, output and notifications, validated by
 * @app/shared/journeys; compliances, attendance modes and hosts are rows of their own so that what
 * depends on them can be found.
 */
export const journeyFlows = pgTable(
  'journey_flows',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    journeyId: uuid('journey_id').notNull(),
    userTypeId: uuid('user_type_id').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.journeyId], foreignColumns: [journeys.entityId, journeys.id] }).onDelete(
      'cascade',
    ),
    // A user type in a journey is not deleted from under it: the user-types service refuses first.
    foreignKey({ columns: [t.entityId, t.userTypeId], foreignColumns: [userTypes.entityId, userTypes.id] }),
    uniqueIndex('journey_flows_journey_user_type_key').on(t.entityId, t.journeyId, t.userTypeId),
    index('journey_flows_user_type_idx').on(t.entityId, t.userTypeId),
  ],
);

export const journeyFlowCompliances = pgTable(
  'journey_flow_compliances',
  {
    entityId: uuid('entity_id').notNull(),
    flowId: uuid('flow_id').notNull(),
    complianceId: uuid('compliance_id').notNull(),
    position: integer('position').notNull().default(0),
    required: boolean('required').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.flowId, t.complianceId] }),
    foreignKey({ columns: [t.entityId, t.flowId], foreignColumns: [journeyFlows.entityId, journeyFlows.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.entityId, t.complianceId], foreignColumns: [compliances.entityId, compliances.id] }),
    index('journey_flow_compliances_compliance_idx').on(t.entityId, t.complianceId),
  ],
);

export const journeyFlowAttendanceModes = pgTable(
  'journey_flow_attendance_modes',
  {
    entityId: uuid('entity_id').notNull(),
    flowId: uuid('flow_id').notNull(),
    attendanceModeId: uuid('attendance_mode_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.flowId, t.attendanceModeId] }),
    foreignKey({ columns: [t.entityId, t.flowId], foreignColumns: [journeyFlows.entityId, journeyFlows.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.entityId, t.attendanceModeId],
      foreignColumns: [attendanceModes.entityId, attendanceModes.id],
    }),
    index('journey_flow_attendance_modes_mode_idx').on(t.entityId, t.attendanceModeId),
  ],
);

/** The people a flow offers as hosts (spec "host list per journey and user type"). */
export const journeyFlowHosts = pgTable(
  'journey_flow_hosts',
  {
    entityId: uuid('entity_id').notNull(),
    flowId: uuid('flow_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.flowId, t.personId] }),
    foreignKey({ columns: [t.entityId, t.flowId], foreignColumns: [journeyFlows.entityId, journeyFlows.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
  ],
);
