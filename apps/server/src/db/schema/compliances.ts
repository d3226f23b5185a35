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
import { entities } from './global';
import { people } from './people';

/**
 * An entry condition (spec §3 Compliance). `content` holds what its format asks (question and
 * answers, agreement, statement, vaccine/PCR rules), validated by @app/shared/compliances. Every change
 * to what is asked raises `version` and keeps the previous one in compliance_versions, so answers
 * given earlier still read against what was asked then. Deleting keeps the row (deleted_at) for the
 * same reason.
 */
export const compliances = pgTable(
  'compliances',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** question, agreement, statement or vaccine. */
    format: text('format').notNull(),
    /** every_time, daily, weekly, monthly, once or until_expiry (spec §4). */
    frequency: text('frequency').notNull(),
    /** Days an answer stays valid where the frequency needs it (3 digits, spec §5). */
    validityDays: integer('validity_days'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('compliances_entity_name_key')
      .on(t.entityId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** What a compliance asked at each version (the current one included). */
export const complianceVersions = pgTable(
  'compliance_versions',
  {
    entityId: uuid('entity_id').notNull(),
    complianceId: uuid('compliance_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    format: text('format').notNull(),
    frequency: text('frequency').notNull(),
    validityDays: integer('validity_days'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.complianceId, t.version] }),
    foreignKey({
      columns: [t.entityId, t.complianceId],
      foreignColumns: [compliances.entityId, compliances.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A person's answer to one compliance (spec §3 User compliance), against the version answered.
 * `visit_id` and `area_id` tie it to a visit when it was given for one (visits have their own issue).
 */
export const complianceResponses = pgTable(
  'compliance_responses',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    complianceId: uuid('compliance_id').notNull(),
    complianceVersion: integer('compliance_version').notNull(),
    visitId: uuid('visit_id'),
    areaId: uuid('area_id'),
    userTypeId: uuid('user_type_id'),
    answers: jsonb('answers').$type<unknown[]>().notNull().default([]),
    notes: text('notes'),
    /** failed, justified or success (spec §4 Compliance answer status). */
    status: text('status').notNull(),
    isCompleted: boolean('is_completed').notNull(),
    isWrong: boolean('is_wrong').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the answer stops counting (from the frequency), null for every_time answers. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.entityId, t.complianceId, t.complianceVersion],
      foreignColumns: [complianceVersions.entityId, complianceVersions.complianceId, complianceVersions.version],
    }),
    index('compliance_responses_person_idx').on(t.entityId, t.personId, t.complianceId, t.answeredAt),
    index('compliance_responses_compliance_idx').on(t.entityId, t.complianceId),
  ],
);
