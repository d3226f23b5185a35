import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './global';

/**
 * What a kiosk did and reported (the kiosk logs of /reporting/kiosk-logs): added, settings changed,
 * moved, app version changed, came online, went offline, people signed in and out on it,
 * deregistered. Transitions only: a heartbeat that changes nothing writes nothing. The kiosk, area and
 * site carry no foreign key so the log outlives a deregistered kiosk; the kiosk's name is kept as it
 * was then.
 */
export const kioskEvents = pgTable(
  'kiosk_events',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kioskId: uuid('kiosk_id').notNull(),
    kioskName: text('kiosk_name').notNull(),
    areaId: uuid('area_id'),
    siteId: uuid('site_id'),
    /** See KIOSK_EVENT_KINDS in @app/shared/reports/kiosk-logs. */
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    personId: uuid('person_id'),
    visitId: uuid('visit_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('kiosk_events_entity_at_idx').on(t.entityId, t.at.desc(), t.id.desc()),
    index('kiosk_events_entity_kiosk_at_idx').on(t.entityId, t.kioskId, t.at),
  ],
);
