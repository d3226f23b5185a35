import { z } from 'zod';
import { cursorPageQuery } from '../http/paging';

// RFID enrolment (spec §2 /rfid-enrollment and /rfid/:code, §7 send-rfid-instructions,
// verify-rfid-code, get_users_have_rfid_enrollment). An admin sends a person a one-time link for a
// kiosk; the person opens it, then either types the short kiosk code at that kiosk and taps the card,
// or types the number printed on the card. RFID values are unique in a company (spec §5).

/** How long an enrolment link can be used. */
export const RFID_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Digits of the kiosk code the person types at the kiosk. */
export const RFID_KIOSK_CODE_LENGTH = 6;
/** How often the public page asks whether the card was enrolled at the kiosk. */
export const RFID_STATUS_POLL_MS = 4000;
/** People per send. */
export const RFID_SEND_MAX = 200;

/** A card value as typed or read: spaces, hyphens and colons dropped, letters in upper case. */
export const normaliseRfid = (value: string): string => value.replace(/[\s:-]/g, '').toUpperCase();

const RFID_VALUE = /^[0-9A-Z]{4,32}$/;

export const rfidValueSchema = z
  .string()
  .trim()
  .max(64)
  .transform(normaliseRfid)
  // An empty value is only "required", not also malformed.
  .pipe(z.string().min(1, { abort: true }).regex(RFID_VALUE, { message: 'invalid_rfid' }));

/** The last characters of a card value, the only part the public page shows. */
export const cardEnding = (rfid: string): string => rfid.slice(-4);

/** The link's code (base64url) or the kiosk code (digits). */
const linkCode = z
  .string()
  .max(100)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, { abort: true })
      .regex(/^[\w-]+$/, { message: 'rfid_code_invalid' }),
  );

export const RFID_STATES = ['enrolled', 'pending', 'none'] as const;
export type RfidState = (typeof RFID_STATES)[number];

/** Ids in the case the database answers them (lower), so each asked id matches the person found. */
const personId = z.uuid().transform((id) => id.toLowerCase());
export const userIdsSchema = z.array(personId).min(1).max(RFID_SEND_MAX);

// ---- admin ----

export const listRfidPeopleQuerySchema = cursorPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  state: z.enum(RFID_STATES).optional(),
});
export type ListRfidPeopleQuery = z.infer<typeof listRfidPeopleQuerySchema>;

export const rfidKioskSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  site_name: z.string(),
  area_name: z.string(),
});
export type RfidKiosk = z.infer<typeof rfidKioskSchema>;

export const rfidPersonSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  status: z.string(),
  rfid: z.string().nullable(),
  state: z.enum(RFID_STATES),
  /** The live enrolment link, if one was sent and is neither used nor expired. */
  pending: z.object({ since: z.string(), expires_at: z.string(), kiosk: rfidKioskSchema.nullable() }).nullable(),
});
export type RfidPerson = z.infer<typeof rfidPersonSchema>;

export const sendRfidInstructionsBodySchema = z.object({ user_ids: userIdsSchema, kiosk_id: z.uuid() });
export type SendRfidInstructionsBody = z.infer<typeof sendRfidInstructionsBodySchema>;

export const RFID_SKIP_REASONS = ['no_email', 'archived', 'not_found'] as const;
export type RfidSkipReason = (typeof RFID_SKIP_REASONS)[number];

export const sendRfidInstructionsResponseSchema = z.object({
  sent: z.number().int(),
  skipped: z.array(z.object({ user_id: z.uuid(), name: z.string().nullable(), reason: z.enum(RFID_SKIP_REASONS) })),
});
export type SendRfidInstructionsResponse = z.infer<typeof sendRfidInstructionsResponseSchema>;

/** get_users_have_rfid_enrollment: `user_ids` repeated or comma separated. */
export const rfidStatusQuerySchema = z.object({
  user_ids: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    userIdsSchema,
  ),
});
export const rfidStatusResponseSchema = z.object({
  data: z.array(z.object({ user_id: z.uuid(), has_rfid: z.boolean(), pending: z.boolean() })),
});
export type RfidStatusResponse = z.infer<typeof rfidStatusResponseSchema>;

// ---- public page (/rfid/:code) ----

export const rfidCodeParamSchema = z.object({ code: linkCode });

export const publicRfidLinkSchema = z.object({
  status: z.enum(['pending', 'enrolled']),
  first_name: z.string(),
  company: z.object({ name: z.string(), logo: z.string().nullable() }),
  /** Where to tap the card; null when the kiosk was removed after the card was enrolled. */
  kiosk: z.object({ name: z.string(), site_name: z.string(), area_name: z.string() }).nullable(),
  /** What the person types at the kiosk before tapping the card; null once enrolled. */
  kiosk_code: z.string().nullable(),
  expires_at: z.string(),
  enrolled_at: z.string().nullable(),
  /** The last four characters of the enrolled card. */
  card_ending: z.string().nullable(),
});
export type PublicRfidLink = z.infer<typeof publicRfidLinkSchema>;

export const enrolCardBodySchema = z.object({ rfid: rfidValueSchema });
export type EnrolCardBody = z.infer<typeof enrolCardBodySchema>;

// ---- kiosk (verify-rfid-code) ----

export const kioskVerifyRfidBodySchema = z.object({ code: linkCode, rfid: rfidValueSchema });
export type KioskVerifyRfidBody = z.infer<typeof kioskVerifyRfidBodySchema>;

export const kioskVerifyRfidResponseSchema = z.object({
  user_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  rfid: z.string(),
});
export type KioskVerifyRfidResponse = z.infer<typeof kioskVerifyRfidResponseSchema>;

/** Groups the kiosk code for reading: "482 913". */
export const formatKioskCode = (code: string): string =>
  code.length === RFID_KIOSK_CODE_LENGTH ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
