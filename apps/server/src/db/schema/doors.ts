import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { entities } from './global';
import { areas } from './sites';

/**
 * A door of an area (spec §3 Area: "kiosks or doors"; §8 "Door Added"): an entrance the company
 * controls, optionally opened by the relay of one of the area's kiosks (kiosk setting "door relay").
 */
export const doors = pgTable(
  'doors',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    areaId: uuid('area_id').notNull(),
    name: text('name').notNull(),
    /** The kiosk whose door relay opens this door; null for a door no kiosk opens. */
    kioskId: uuid('kiosk_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    // Deleting an area with doors is refused by the service; the key keeps it so.
    foreignKey({ columns: [t.entityId, t.areaId], foreignColumns: [areas.entityId, areas.id] }),
    // (entity_id, kiosk_id) → kiosks is declared in migration 0010 as ON DELETE SET NULL (kiosk_id):
    // a deregistered kiosk leaves its door without an opener, not without a door. drizzle cannot
    // say "set null" for one column of a composite key.
    uniqueIndex('doors_area_name_key').on(t.entityId, t.areaId, sql`lower(${t.name})`),
    index('doors_entity_kiosk_idx').on(t.entityId, t.kioskId),
  ],
);
