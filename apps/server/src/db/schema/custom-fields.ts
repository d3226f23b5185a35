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
import { userTypes } from './user-types';

export const customFieldSections = pgTable(
  'custom_field_sections',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('custom_field_sections_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
  ],
);

export const customFields = pgTable(
  'custom_fields',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    sectionId: uuid('section_id').notNull(),
    name: text('name').notNull(),
    /** One of the 11 types of spec §3 (see @app/shared/custom-fields/schemas). */
    type: text('type').notNull(),
    /** Where the field is asked: see the shared schema's binding values. */
    binding: text('binding').notNull(),
    /** Choices for labels, checkboxes and radio buttons; scale size for ratings. */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    required: boolean('required').notNull().default(false),
    printOnBadge: boolean('print_on_badge').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.sectionId],
      foreignColumns: [customFieldSections.entityId, customFieldSections.id],
    }).onDelete('cascade'),
    uniqueIndex('custom_fields_section_name_key').on(t.entityId, t.sectionId, sql`lower(${t.name})`),
    index('custom_fields_entity_badge_idx').on(t.entityId, t.printOnBadge),
  ],
);

/**
 * The user types a section's profile fields are asked of (a public form shows a section only to the
 * types bound here). A section bound to no user type is asked of every type.
 */
export const customFieldSectionUserTypes = pgTable(
  'custom_field_section_user_types',
  {
    entityId: uuid('entity_id').notNull(),
    sectionId: uuid('section_id').notNull(),
    userTypeId: uuid('user_type_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.sectionId, t.userTypeId] }),
    foreignKey({
      columns: [t.entityId, t.sectionId],
      foreignColumns: [customFieldSections.entityId, customFieldSections.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.userTypeId], foreignColumns: [userTypes.entityId, userTypes.id] }).onDelete(
      'cascade',
    ),
    index('custom_field_section_user_types_type_idx').on(t.entityId, t.userTypeId),
  ],
);

/** A person's value for a custom field, stored in its typed JSON form. */
export const personFieldValues = pgTable(
  'person_field_values',
  {
    entityId: uuid('entity_id').notNull(),
    personId: uuid('person_id').notNull(),
    fieldId: uuid('field_id').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.personId, t.fieldId] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.fieldId], foreignColumns: [customFields.entityId, customFields.id] }).onDelete(
      'cascade',
    ),
  ],
);
