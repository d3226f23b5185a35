import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities, users } from './global';
import { people } from './people';

// Face sign-in (decision 050): the company's setting, each person's consent and the face descriptor made
// from their photo with it. A descriptor is 128 numbers sealed with the installation's key; never the
// photo itself.

/** The company's face sign-in: off until an admin turns it on. */
export const faceSettings = pgTable(
  'face_settings',
  {
    entityId: uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** The largest distance between two descriptors that is still the same person. */
    matchThreshold: doublePrecision('match_threshold').notNull().default(0.45),
    /** How much nearer the best candidate must be than the second. */
    minGap: doublePrecision('min_gap').notNull().default(0.05),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('face_settings_threshold_check', sql`${t.matchThreshold} > 0.2 and ${t.matchThreshold} <= 0.6`),
    check('face_settings_gap_check', sql`${t.minGap} >= 0 and ${t.minGap} <= 0.3`),
  ],
);

/** A person's consent to face sign-in: given (by them, or recorded from paper by an admin), or withdrawn. */
export const faceConsents = pgTable(
  'face_consents',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    /** self (public pages), passport, paper (recorded by an admin). */
    source: text('source').notNull(),
    /** The admin who recorded a paper consent; null when the person gave it. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why the last attempt made no face ID (its message key and values); null once one is made. */
    lastError: jsonb('last_error').$type<{ key: string; vars?: Record<string, string | number> }>(),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.personId] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    check('face_consents_source_check', sql`${t.source} in ('self', 'passport', 'paper')`),
  ],
);

/** A person's face descriptor, made from their photo while they consent. */
export const faceDescriptors = pgTable(
  'face_descriptors',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').notNull(),
    /** The 128 numbers as float32 bytes, base64, sealed (lib/secrets.ts). */
    sealed: text('sealed').notNull(),
    /** The photo (its file key) the descriptor was made from: another photo makes it stale. */
    photoKey: text('photo_key').notNull(),
    model: text('model').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.personId] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
  ],
);
