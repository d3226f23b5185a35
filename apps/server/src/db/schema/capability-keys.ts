import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The values that reach the server without their company (a visitor's link, a QR code, a kiosk's token
 * or MAC address, an RFID or "I am safe" link, a SCIM token), each `<table>.<column>` it copies.
 * MAC addresses are kept lower-cased, as they are compared.
 */
export const CAPABILITY_KINDS = [
  'people.qr_code',
  'user_types.qr_code',
  'rfid_enrolments.code_hash',
  'kiosks.mac_address',
  'kiosks.device_token_hash',
  'emergency_roll.safe_token_hash',
  'visits.link_token',
  'integrations.scim_token_hash',
] as const;
export type CapabilityKind = (typeof CAPABILITY_KINDS)[number];

/**
 * Which company's row holds each such value (decision 055). Not a tenant table: its key is the value,
 * so it keeps the value unique across companies when the tenant tables' own keys are per company (as a
 * table distributed by company must have them), and finds the company before its transaction opens.
 * Written only by the tenant tables' triggers (migration 0060), in the writing transaction; closed to
 * app_user.
 */
export const capabilityKeys = pgTable(
  'capability_keys',
  {
    kind: text('kind').$type<CapabilityKind>().notNull(),
    value: text('value').notNull(),
    entityId: uuid('entity_id').notNull(),
    /** The id of the row in the kind's table. */
    rowId: uuid('row_id').notNull(),
  },
  (t) => [primaryKey({ name: 'capability_keys_pkey', columns: [t.kind, t.value] })],
);
