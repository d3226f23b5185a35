import { sql } from 'drizzle-orm';
import {
  date,
  foreignKey,
  index,
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
import { people } from './people';
import { userTypes } from './user-types';

/**
 * When someone may visit (spec §3 Visit permit): from start_date (to end_date, if any), between
 * start_time and end_time wall-clock in the company's time zone, once or recurring.
 */
export const visitPermits = pgTable(
  'visit_permits',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** none, daily, weekly or monthly. */
    recurrence: text('recurrence').notNull(),
    /** ISO weekdays (1 Monday … 7 Sunday) for weekly permits. */
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('visit_permits_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
  ],
);

export const personVisitPermits = pgTable(
  'person_visit_permits',
  {
    entityId: uuid('entity_id').notNull(),
    permitId: uuid('permit_id').notNull(),
    personId: uuid('person_id').notNull(),
    /** active or suspended. */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.permitId, t.personId] }),
    foreignKey({
      columns: [t.entityId, t.permitId],
      foreignColumns: [visitPermits.entityId, visitPermits.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    index('person_visit_permits_person_idx').on(t.entityId, t.personId),
  ],
);

export const userTypeVisitPermits = pgTable(
  'user_type_visit_permits',
  {
    entityId: uuid('entity_id').notNull(),
    permitId: uuid('permit_id').notNull(),
    userTypeId: uuid('user_type_id').notNull(),
    /** active or suspended. */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.permitId, t.userTypeId] }),
    foreignKey({
      columns: [t.entityId, t.permitId],
      foreignColumns: [visitPermits.entityId, visitPermits.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.entityId, t.userTypeId],
      foreignColumns: [userTypes.entityId, userTypes.id],
    }).onDelete('cascade'),
    index('user_type_visit_permits_type_idx').on(t.entityId, t.userTypeId),
  ],
);
