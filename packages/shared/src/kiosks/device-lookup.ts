// How a kiosk at the door finds people (decision 044), with its device token: the people of its
// journey's user types kept for offline use (names, user types, a photo flag and hashes of the codes
// that identify them, never contacts) with the passport's keys to check its QR identities offline, what
// a scanned QR or card identifies, a name search, the hosts of a flow, the sign-in preview at its area,
// and a visitor registering at the kiosk.
import { z } from 'zod';
import { personBodyObject } from '../people/schemas';
import { hostQueryReady } from '../pre-registration/schemas';
import { signInPreviewBodySchema } from '../visits/schemas';
import { KIOSK_CODE_HASH_SCHEME, KIOSK_CODE_KINDS } from './code-hash';

/** People per page of GET /kiosk-device/people: 100,000 people come in 50 pages. */
export const KIOSK_PEOPLE_PAGE_MAX = 2000;
export const KIOSK_PEOPLE_PAGE_DEFAULT = 1000;
/** Answers of the name and host searches. */
export const KIOSK_SEARCH_RESULTS_MAX = 10;

const hash = z.string().regex(/^[0-9a-f]{64}$/);

/** GET /kiosk-device/people: `cursor` is the previous page's `next_cursor`. */
export const kioskPeopleQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(KIOSK_PEOPLE_PAGE_MAX).default(KIOSK_PEOPLE_PAGE_DEFAULT),
});
export type KioskPeopleQuery = z.input<typeof kioskPeopleQuerySchema>;

/** A person as a kiosk shows them: the name, the user types of its journey they have, a photo flag. */
export const kioskPersonRefSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  /** Their user types among the journey's (at least one). */
  user_type_ids: z.array(z.uuid()),
  /** GET /kiosk-device/people/{id}/photo has a picture. */
  has_photo: z.boolean(),
});
export type KioskPersonRef = z.infer<typeof kioskPersonRefSchema>;

/** An expected visit today at the kiosk's site, by the hash of its pass code. */
export const kioskPassSchema = z.object({
  expected_visit_id: z.uuid(),
  code_hash: hash,
  expected_at: z.string(),
});

/** A person the kiosk keeps: hashes (hashKioskCode with the list's salt) of the codes that identify them. */
export const kioskPersonSchema = kioskPersonRefSchema.extend({
  /** Their QR code, the one their QuickPass carries (kind `qr`). */
  qr_hash: hash,
  /** Their card (RFID) number (kind `card`), or null without a card. */
  card_hash: hash.nullable(),
  /** Their pre-registration passes for today at the kiosk's site (kind `qr`). */
  passes: z.array(kioskPassSchema),
});
export type KioskPerson = z.infer<typeof kioskPersonSchema>;

/** A person of the people list: also whose passport they hold, for checking its QR identity offline. */
export const kioskListedPersonSchema = kioskPersonSchema.extend({
  /**
   * The hash (kind `passport`) of the id of the active passport whose verified address is theirs, or null:
   * a QR identity of that passport, its signature checked with GET /kiosk-device/passport-keys, is them.
   */
  passport_hash: hash.nullable(),
});
export type KioskListedPerson = z.infer<typeof kioskListedPersonSchema>;

export const kioskPeoplePageSchema = z.object({
  /** The company's salt of every hash in the list. */
  salt: z.string(),
  hash_scheme: z.literal(KIOSK_CODE_HASH_SCHEME),
  data: z.array(kioskListedPersonSchema),
  /** Null on the last page. */
  next_cursor: z.string().nullable(),
  fetched_at: z.string(),
});
export type KioskPeoplePage = z.infer<typeof kioskPeoplePageSchema>;

/** A public key of the passport's (a JWK: EC P-256, ES256), named by its `kid`. */
export const passportPublicKeySchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
});
export type PassportPublicKey = z.infer<typeof passportPublicKeySchema>;

/**
 * GET /kiosk-device/passport-keys: what a kiosk checks a passport's QR identity with while offline. The
 * passport's signing keys (the current one and those retired lately) and its issuer, as its JWKS has them.
 */
export const kioskPassportKeysSchema = z.object({
  issuer: z.string(),
  keys: z.array(passportPublicKeySchema),
});
export type KioskPassportKeys = z.infer<typeof kioskPassportKeysSchema>;

/** POST /kiosk-device/resolve: what was scanned or typed. */
export const kioskResolveBodySchema = z.object({
  kind: z.enum(KIOSK_CODE_KINDS),
  /** A person's code, a pass's, a card's, or a passport's signed QR identity (a few hundred characters). */
  code: z.string().trim().min(1).max(1000),
});
export type KioskResolveBody = z.input<typeof kioskResolveBodySchema>;

export const kioskResolvedSchema = z.object({
  person: kioskPersonRefSchema,
  /** The expected visit whose pass was scanned; null for the person's own QR or card. */
  expected_visit: z.object({ id: z.uuid(), expected_at: z.string(), stage: z.string().nullable() }).nullable(),
  /** On site at the kiosk's area now: the kiosk offers to sign them out. */
  on_site: z.boolean(),
});
export type KioskResolved = z.infer<typeof kioskResolvedSchema>;

/**
 * GET /kiosk-device/people/search and /kiosk-device/hosts: spec §5 "search starts after the first name
 * plus two letters of the second name"; a shorter `q` is refused (400 naming it).
 */
const nameQuery = (message: string) => z.string().trim().max(100).refine(hostQueryReady, { message });

export const kioskPeopleSearchQuerySchema = z.object({ q: nameQuery('kiosk_name_query_short') });
export const kioskPeopleSearchResultSchema = z.object({
  data: z.array(kioskPersonRefSchema.extend({ on_site: z.boolean() })),
});
export type KioskPeopleSearchResult = z.infer<typeof kioskPeopleSearchResultSchema>;

export const kioskHostsQuerySchema = z.object({
  q: nameQuery('pre_registration_host_query_short'),
  /** Whose flow's host step: one of the journey's user types. */
  user_type_id: z.uuid(),
});
/** Names only: the kiosk is in a public place. */
export const kioskHostsResultSchema = z.object({ data: z.array(z.object({ id: z.uuid(), full_name: z.string() })) });

/** POST /kiosk-device/sign-in/preview: the dashboard's preview at the kiosk's own area. */
export const kioskSignInPreviewBodySchema = signInPreviewBodySchema.omit({ area_id: true });
export type KioskSignInPreviewBody = z.input<typeof kioskSignInPreviewBodySchema>;

/** POST /kiosk-device/visitors: a visitor registering at the kiosk, of a user type its journey lets register. */
export const kioskVisitorBodySchema = personBodyObject
  .pick({ first_name: true, last_name: true, email: true, phone_code: true, phone: true, company_name: true })
  .extend({ user_type_id: z.uuid() })
  .superRefine((body, ctx) => {
    if (body.phone && !body.phone_code)
      ctx.addIssue({ code: 'custom', path: ['phone_code'], message: 'phone_code_required' });
  });
export type KioskVisitorBody = z.input<typeof kioskVisitorBodySchema>;
