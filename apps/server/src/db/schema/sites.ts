import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './global';

export const sites = pgTable(
  'sites',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Geofence radius in metres. */
    radius: integer('radius'),
    locationName: text('location_name'),
    zoom: smallint('zoom'),
    /** People on site at once, and visitors of one company day (decision 054); null: no limit. */
    capacity: integer('capacity'),
    dailyVisitorLimit: integer('daily_visitor_limit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('sites_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
    index('sites_entity_created_idx').on(t.entityId, t.createdAt),
    check('sites_limits_check', sql`${t.capacity} > 0 and ${t.dailyVisitorLimit} > 0`),
  ],
);

export const areas = pgTable(
  'areas',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    /** signIn_signOut or checkIn_only (spec §3 Area). */
    loginMode: text('login_mode').notNull().default('signIn_signOut'),
    /** When people still signed in are signed out (spec §4 Auto sign-out modes): after_24h or midnight (company clock). */
    autoSignOut: text('auto_sign_out').notNull().default('after_24h'),
    active: boolean('active').notNull().default(true),
    /** People on site at once (not in a check-in-only area), and visitors of one company day (decision 054). */
    capacity: integer('capacity'),
    dailyVisitorLimit: integer('daily_visitor_limit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.siteId], foreignColumns: [sites.entityId, sites.id] }),
    uniqueIndex('areas_site_name_key').on(t.entityId, t.siteId, sql`lower(${t.name})`),
    index('areas_entity_site_idx').on(t.entityId, t.siteId),
    check('areas_limits_check', sql`${t.capacity} > 0 and ${t.dailyVisitorLimit} > 0`),
  ],
);
