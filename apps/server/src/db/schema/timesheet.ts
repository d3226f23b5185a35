import { date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { people } from './people';

/**
 * An admin's correction of one person's day in the timesheet (issue 14 item 3). Every correction is
 * kept: the latest per person and day is the one shown, the earlier ones stay as history. `day` is the
 * company's calendar day; `minutes` the time on site the correction gives that day.
 */
export const timesheetCorrections = pgTable(
  'timesheet_corrections',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    firstInAt: timestamp('first_in_at', { withTimezone: true }).notNull(),
    lastOutAt: timestamp('last_out_at', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    reason: text('reason').notNull(),
    /** Who corrected it (cleared if that person is removed; the audit row keeps the actor). */
    correctedByPersonId: uuid('corrected_by_person_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The corrector's foreign key (cleared with the person) is in the migration: ON DELETE SET NULL
  // (column) keeps entity_id, which drizzle cannot declare.
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    index('timesheet_corrections_person_day_idx').on(t.entityId, t.personId, t.day, t.createdAt),
  ],
);
