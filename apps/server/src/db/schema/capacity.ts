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
import { entities, users } from './global';
import { people } from './people';
import { areas, sites } from './sites';

// Live capacity per site and area (issue 29, decision 054): the company's choices, and the requests to
// let someone in past a full place. The limits themselves are columns of sites and areas.

/** What a full place does, from when a place reads "nearing", and whose visits count toward daily limits. */
export const capacitySettings = pgTable(
  'capacity_settings',
  {
    entityId: uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    /** refuse, or approval (an admin lets the person in). */
    overCapacity: text('over_capacity').notNull().default('refuse'),
    nearingPercent: integer('nearing_percent').notNull().default(80),
    /** The user types counted toward daily visitor limits; none: every visit counts. */
    visitorUserTypeIds: uuid('visitor_user_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('capacity_settings_mode_check', sql`${t.overCapacity} in ('refuse', 'approval')`),
    check('capacity_settings_nearing_check', sql`${t.nearingPercent} between 50 and 99`),
  ],
);

/**
 * A person refused at a full place while the company asks for approval: waiting until an admin decides;
 * approved, it lets the person in at that area once on that company day (then `used`).
 */
export const capacityApprovals = pgTable(
  'capacity_approvals',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    siteId: uuid('site_id').notNull(),
    areaId: uuid('area_id').notNull(),
    /** The company day it counts for. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The place that was full (site or area), and which of its limits (capacity or daily_limit). */
    fullPlace: text('full_place').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull().default('waiting'),
    /** How the person tried to come in (dashboard, kiosk, api, passport). */
    askedWay: text('asked_way').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.siteId], foreignColumns: [sites.entityId, sites.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.areaId], foreignColumns: [areas.entityId, areas.id] }).onDelete('cascade'),
    check('capacity_approvals_state_check', sql`${t.state} in ('waiting', 'approved', 'rejected', 'used')`),
    check('capacity_approvals_place_check', sql`${t.fullPlace} in ('site', 'area')`),
    check('capacity_approvals_reason_check', sql`${t.reason} in ('capacity', 'daily_limit')`),
    // One open request per person, area and day: asking again while it waits asks nothing new.
    uniqueIndex('capacity_approvals_open_key')
      .on(t.entityId, t.personId, t.areaId, t.day)
      .where(sql`${t.state} in ('waiting', 'approved')`),
    index('capacity_approvals_state_idx').on(t.entityId, t.state, t.askedAt),
    index('capacity_approvals_person_idx').on(t.entityId, t.personId, t.areaId, t.day),
  ],
);
