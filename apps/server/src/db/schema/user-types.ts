import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

export const userTypes = pgTable(
  'user_types',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    registrationMethod: text('registration_method').notNull(),
    gracePeriodMinutes: integer('grace_period_minutes').notNull(),
    mandatoryProfileData: jsonb('mandatory_profile_data').$type<string[]>().notNull().default([]),
    canSwitchOwnType: boolean('can_switch_own_type').notNull().default(false),
    autoApproveVisits: boolean('auto_approve_visits').notNull().default(false),
    /** Visits of this type need a visit permit that allows them at that moment (decision 026). */
    visitsNeedPermit: boolean('visits_need_permit').notNull().default(false),
    /** The code in the self-registration link and its QR (unguessable, stable). */
    qrCode: text('qr_code').notNull(),
    /** Its own retention (decision 033): both days, or neither (it follows the company default). */
    dataRetentionDays: integer('data_retention_days'),
    scansRetentionDays: integer('scans_retention_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.parentId], foreignColumns: [t.entityId, t.id] }),
    uniqueIndex('user_types_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
    // The self-registration link knows no company: found through capability_keys (decision 055).
    uniqueIndex('user_types_qr_code_key').on(t.entityId, t.qrCode),
    index('user_types_entity_parent_idx').on(t.entityId, t.parentId),
    check(
      'user_types_retention_check',
      sql`(${t.dataRetentionDays} is null) = (${t.scansRetentionDays} is null) and coalesce(${t.dataRetentionDays}, 1) > 0 and coalesce(${t.scansRetentionDays}, 1) > 0`,
    ),
  ],
);
