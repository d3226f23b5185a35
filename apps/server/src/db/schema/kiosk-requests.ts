import { sql } from 'drizzle-orm';
import {
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './global';
import { kiosks } from './kiosks';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export type KioskRequestParamsRecord = {
  doorId?: string | null;
  doorName?: string | null;
  seconds?: number;
  enabled?: boolean;
  version?: string;
  key?: string;
};

/**
 * A remote action asked of a kiosk (decision 044; spec §4 kiosk request status): who asked, what, and
 * every state it reached with its time. The requests of a deregistered kiosk go with it; the kiosk
 * logs keep what they did.
 */
export const kioskRequests = pgTable(
  'kiosk_requests',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kioskId: uuid('kiosk_id').notNull(),
    /** KIOSK_ACTIONS in @app/shared/kiosks/requests. */
    action: text('action').notNull(),
    params: jsonb('params').$type<KioskRequestParamsRecord>().notNull().default({}),
    /** KIOSK_REQUEST_STATUSES. */
    status: text('status').notNull(),
    /** The history of states: `[{ status, at }]`, in order. */
    history: jsonb('history').$type<{ status: string; at: string }[]>().notNull().default([]),
    /** Why it failed: a message key of errors.kiosk-device. */
    errorCode: text('error_code'),
    /** What the kiosk said beyond its reason. */
    detail: text('detail'),
    requestedById: uuid('requested_by_id'),
    /** The asker's name as it was; null for the company's API token. */
    requestedByName: text('requested_by_name'),
    /** Until when someone watches its shared screen (remote_show_screen). */
    watchedUntil: timestamp('watched_until', { withTimezone: true }),
    /** When a delivered or running request is failed by the sweep if the kiosk says nothing. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.kioskId], foreignColumns: [kiosks.entityId, kiosks.id] }).onDelete('cascade'),
    index('kiosk_requests_entity_created_idx').on(t.entityId, t.createdAt.desc(), t.id.desc()),
    index('kiosk_requests_entity_kiosk_created_idx').on(t.entityId, t.kioskId, t.createdAt.desc()),
    // The sweep's reading: requests still open past their deadline.
    index('kiosk_requests_open_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/**
 * What a kiosk handed over for a request: the latest picture of its screen (`screen`, replaced as it
 * shares), or its data (`data`, a JSON file for support).
 */
export const kioskRequestFiles = pgTable(
  'kiosk_request_files',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').notNull(),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    /** Pictures are numbered so a viewer asks for the next one only. */
    sequence: integer('sequence').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.requestId, t.kind] }),
    foreignKey({
      columns: [t.entityId, t.requestId],
      foreignColumns: [kioskRequests.entityId, kioskRequests.id],
    }).onDelete('cascade'),
  ],
);
