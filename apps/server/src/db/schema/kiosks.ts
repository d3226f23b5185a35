import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './global';
import { areas } from './sites';

/** Settings a kiosk runs with (spec §3 Kiosk, §9 limits); see @app/shared/kiosks/schemas. */
export type KioskSettingsRecord = {
  /** Spec §4 kiosk sign in/out mode; kiosks saved before it existed allow both. */
  signMode?: 'sign_in_sign_out' | 'sign_in_only' | 'sign_out_only';
  fireAlarm: boolean;
  doorRelay: 0 | 1 | 2;
  brightness: number;
  volume: number;
  dateFormat: 'yyyy-MM-dd' | 'dd-MM-yyyy' | 'MM-dd-yyyy';
  temperatureUnit: 'C' | 'F';
  defaultTemperature: number;
  /** How long the kiosk works from its cached data without the server; kiosks saved before it: 24. */
  offlineHours?: number;
  /** The language the kiosk speaks; kiosks saved before it: English. */
  language?: 'en' | 'ar' | 'es';
};

export const kiosks = pgTable(
  'kiosks',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    areaId: uuid('area_id').notNull(),
    /** The journey the kiosk runs (a journey of its company covering its site; cleared if the journey goes). */
    journeyId: uuid('journey_id'),
    name: text('name').notNull(),
    macAddress: text('mac_address').notNull(),
    appVersion: text('app_version'),
    settings: jsonb('settings').$type<KioskSettingsRecord>().notNull(),
    /** sha256 of the kiosk's device token (its credential for kiosk calls). */
    deviceTokenHash: text('device_token_hash'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Whether the kiosk sends its log lines to the kiosk logs (remote action `kiosk_logging`). */
    logging: boolean('logging').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    // Deleting an area with kiosks is refused by the service; the key keeps it so.
    foreignKey({ columns: [t.entityId, t.areaId], foreignColumns: [areas.entityId, areas.id] }),
    // The MAC address and the device token are unique across companies through capability_keys
    // (decision 055), where a device's token is found; here per company, as Citus needs.
    uniqueIndex('kiosks_mac_key').on(t.entityId, sql`lower(${t.macAddress})`),
    uniqueIndex('kiosks_device_token_key').on(t.entityId, t.deviceTokenHash),
    index('kiosks_entity_area_idx').on(t.entityId, t.areaId),
  ],
);

/**
 * A kiosk waiting to be added (global: it has no company yet). The kiosk shows the code; an admin
 * types it to add the kiosk to an area; the kiosk then collects its device token once.
 */
export const kioskPairings = pgTable(
  'kiosk_pairings',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull(),
    /** sha256 of the secret the kiosk holds to poll this pairing and collect its token. */
    secretHash: text('secret_hash').notNull(),
    macAddress: text('mac_address').notNull(),
    appVersion: text('app_version'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedEntityId: uuid('claimed_entity_id').references(() => entities.id, { onDelete: 'cascade' }),
    claimedKioskId: uuid('claimed_kiosk_id'),
    /** The device token, kept only until the kiosk collects it once, then erased. */
    pendingDeviceToken: text('pending_device_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kiosk_pairings_code_key').on(t.code), index('kiosk_pairings_expires_idx').on(t.expiresAt)],
);
