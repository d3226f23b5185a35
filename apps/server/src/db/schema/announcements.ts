import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './global';
import { userTypes } from './user-types';

/**
 * A message shown on kiosks and the dashboard (spec §3 Announcement). `status` (scheduled, active,
 * expired) follows publish_at and expires_at; a job moves it on time.
 */
export const announcements = pgTable(
  'announcements',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** Sanitised rich text (HTML). */
    text: text('text').notNull(),
    url: text('url'),
    urgent: boolean('urgent').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    /** Read aloud by kiosks. */
    verbal: boolean('verbal').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    /** The person who wrote it. */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('announcements_entity_status_idx').on(t.entityId, t.status, t.publishAt),
  ],
);

export const announcementUserTypes = pgTable(
  'announcement_user_types',
  {
    entityId: uuid('entity_id').notNull(),
    announcementId: uuid('announcement_id').notNull(),
    userTypeId: uuid('user_type_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.announcementId, t.userTypeId] }),
    foreignKey({
      columns: [t.entityId, t.announcementId],
      foreignColumns: [announcements.entityId, announcements.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.entityId, t.userTypeId],
      foreignColumns: [userTypes.entityId, userTypes.id],
    }).onDelete('cascade'),
  ],
);
