import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';

// Emergency (spec §3 Emergency, §4 Emergency presence and Emergency session, §6, §7 "Emergency"):
// who is on site now (the emergency list), and evacuation sessions with their roll call.
//
// A session's roll is the people on site in its areas when it started. Each person on it is
// `not_present` (missing: not yet accounted for at the muster point) until a warden marks them
// `present`, or `out` (they had left, or signed out during the session). Marks carry a client id:
// a mark sent twice (a phone's queue replayed) counts once.

export const EMERGENCY_STATUSES = ['not_present', 'present', 'out'] as const;
export type EmergencyStatus = (typeof EMERGENCY_STATUSES)[number];

/**
 * How a roll entry got its status: `start` (on site when the session began), `warden` (marked on the
 * session page), `sign_out` (signed out, at a kiosk or anywhere, during the session), `safe_link` (the
 * person's own "I am safe" link), `added` (added at the muster point, not on the roll before).
 */
export const MARK_SOURCES = ['start', 'warden', 'sign_out', 'safe_link', 'added'] as const;
export type MarkSource = (typeof MARK_SOURCES)[number];

/** `dashboard`: a warden started it; `kiosk`: a kiosk's fire-alarm input did. */
export const SESSION_ORIGINS = ['dashboard', 'kiosk'] as const;
export type SessionOrigin = (typeof SESSION_ORIGINS)[number];

export const EMERGENCY_LIMITS = {
  nameMax: 100,
  /** Areas or sites named when starting a session (absent: every area the warden may see). */
  placesMax: 500,
  /** Marks in one request (a phone's queue after a long time offline is sent in batches). */
  marksMax: 500,
  highlightMinutesMin: 1,
  highlightMinutesMax: 120,
  highlightMinutesDefault: 5,
  searchMax: 100,
  /** The muster-point search answers at most this many people. */
  peopleSearchMax: 20,
} as const;

/** One id or many (`?area_id=a&area_id=b`), always read as a list. */
const idList = (max: number) =>
  z.union([z.uuid(), z.array(z.uuid()).max(max)]).transform((v) => (Array.isArray(v) ? v : [v]));

/** An instant and the company's wall-clock reading of it (YYYY-MM-DD HH:mm). */
export const momentSchema = z.object({ at: z.string(), local: z.string() });
export type Moment = z.infer<typeof momentSchema>;
const named = z.object({ id: z.uuid(), name: z.string() });
export type Named = z.infer<typeof named>;

// --- Emergency list (GET /emergency_list/{entityId}) -------------------------------------------------

export const emergencyListQuerySchema = z.strictObject({
  site_id: idList(EMERGENCY_LIMITS.placesMax).optional(),
  area_id: idList(EMERGENCY_LIMITS.placesMax).optional(),
});
export type EmergencyListQuery = z.input<typeof emergencyListQuerySchema>;

/** A person on site now, as the emergency list and the roll show them. */
export const onSitePersonSchema = z.object({
  /** The visit that has them on site. */
  visit_id: z.uuid(),
  person: z.object({
    id: z.uuid(),
    full_name: z.string(),
    photo_url: z.string().nullable(),
    phone: z.string().nullable(),
    company_name: z.string().nullable(),
  }),
  user_type: named.nullable(),
  /** Their hosts' names (visitors). */
  hosts: z.array(z.string()),
  signed_in: momentSchema,
  /** `signIn_signOut` or `checkIn_only`. */
  login_mode: z.string(),
});
export type OnSitePerson = z.infer<typeof onSitePersonSchema>;

export const emergencyListSchema = z.object({
  sites: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      count: z.number().int(),
      areas: z.array(
        z.object({ id: z.uuid(), name: z.string(), count: z.number().int(), people: z.array(onSitePersonSchema) }),
      ),
    }),
  ),
  total: z.number().int(),
  /** When the list was read (the company's clock). */
  read_at: momentSchema,
});
export type EmergencyList = z.infer<typeof emergencyListSchema>;

/** The sites and areas the reader may see, to filter the list and to start a session over. */
export const emergencyPlacesSchema = z.object({
  sites: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      areas: z.array(z.object({ id: z.uuid(), name: z.string(), on_site: z.number().int() })),
    }),
  ),
});
export type EmergencyPlaces = z.infer<typeof emergencyPlacesSchema>;

// --- Sessions ----------------------------------------------------------------------------------------

export const startSessionSchema = z.strictObject({
  name: z.string().trim().min(1, { message: 'required' }).max(EMERGENCY_LIMITS.nameMax),
  /** A drill: the same, labelled everywhere and counted apart. */
  is_drill: z.boolean().default(false),
  /** These sites' areas (all of them) … */
  site_ids: z.array(z.uuid()).max(EMERGENCY_LIMITS.placesMax).default([]),
  /** … and these areas. Both empty: every area the warden may see. */
  area_ids: z.array(z.uuid()).max(EMERGENCY_LIMITS.placesMax).default([]),
  /** People still missing this many minutes after the start are highlighted. */
  highlight_after_minutes: z
    .number()
    .int()
    .min(EMERGENCY_LIMITS.highlightMinutesMin)
    .max(EMERGENCY_LIMITS.highlightMinutesMax)
    .default(EMERGENCY_LIMITS.highlightMinutesDefault),
});
export type StartSessionInput = z.input<typeof startSessionSchema>;
export type StartSession = z.output<typeof startSessionSchema>;

export const rollCountsSchema = z.object({
  total: z.number().int(),
  present: z.number().int(),
  not_present: z.number().int(),
  out: z.number().int(),
});
export type RollCounts = z.infer<typeof rollCountsSchema>;

export const sessionSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  is_drill: z.boolean(),
  status: z.enum(['active', 'ended']),
  origin: z.enum(SESSION_ORIGINS),
  /** The kiosk whose fire alarm started it (origin `kiosk`). */
  kiosk: named.nullable(),
  started_at: momentSchema,
  started_by: z.string().nullable(),
  ended_at: momentSchema.nullable(),
  ended_by: z.string().nullable(),
  sites: z.array(named),
  areas: z.array(named.extend({ site_id: z.uuid() })),
  highlight_after_minutes: z.number().int(),
  counts: rollCountsSchema,
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionsQuerySchema = z.strictObject({
  ...cursorPageQuery.shape,
  status: z.enum(['active', 'ended']).optional(),
  /** `true`: drills only; `false`: real emergencies only. */
  drill: z.enum(['true', 'false']).optional(),
  /** Sessions whose name contains this (the history grid's search box). */
  search: z.string().trim().max(EMERGENCY_LIMITS.searchMax).optional(),
});
export type SessionsQuery = z.input<typeof sessionsQuerySchema>;
export const sessionsListSchema = cursorListResponse(sessionSummarySchema);
export type SessionsList = z.infer<typeof sessionsListSchema>;

/** One person on a session's roll. */
export const rollEntrySchema = z.object({
  id: z.uuid(),
  /** Null for someone added at the muster point who is not a person of the company. */
  person_id: z.uuid().nullable(),
  full_name: z.string(),
  photo_url: z.string().nullable(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  user_type: named.nullable(),
  site: named.nullable(),
  area: named.nullable(),
  status: z.enum(EMERGENCY_STATUSES),
  source: z.enum(MARK_SOURCES),
  /** When the status was last set, and by whom (a warden's name; null for the system or the person). */
  marked_at: momentSchema,
  marked_by: z.string().nullable(),
  /** When they signed in (null for someone added at the muster point). */
  signed_in: momentSchema.nullable(),
  /** Raised by every change: a client keeps the entry with the highest. */
  version: z.number().int(),
});
export type RollEntry = z.infer<typeof rollEntrySchema>;

export const sessionDetailSchema = z.object({
  session: sessionSummarySchema,
  roll: z.array(rollEntrySchema),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

/** check_have_premissions_to_emergency_session / check_have_premissions_to_end_session. */
export const sessionPermissionsSchema = z.object({
  join: z.boolean(),
  end: z.boolean(),
  /** Why ending is refused: areas of the session the reader cannot access that have people signed in. */
  end_blocked_by: z.array(named),
});
export type SessionPermissions = z.infer<typeof sessionPermissionsSchema>;

export const areasWithSessionSchema = z.object({
  areas: z.array(named.extend({ site_id: z.uuid(), session_id: z.uuid() })),
});
export type AreasWithSession = z.infer<typeof areasWithSessionSchema>;

// --- Marks (PUT /action_emergency/{id}) --------------------------------------------------------------

export const markSchema = z.strictObject({
  /** Made by the client once per tap; the same mark sent again counts once. */
  client_id: z.uuid(),
  roll_id: z.uuid(),
  status: z.enum(EMERGENCY_STATUSES),
  /** When the warden tapped (a queued mark sent later); clamped to the session's start and now. */
  marked_at: z.iso.datetime({ offset: true }).optional(),
});
export type Mark = z.infer<typeof markSchema>;

export const marksSchema = z.strictObject({
  marks: z.array(markSchema).min(1).max(EMERGENCY_LIMITS.marksMax),
});
export type MarksInput = z.input<typeof marksSchema>;

export const marksResultSchema = z.object({
  /** The entries the marks touched, as they are now (a later mark by someone else may have won). */
  entries: z.array(rollEntrySchema),
  counts: rollCountsSchema,
  /** Marks already received before (same client id): not applied again. */
  repeated: z.number().int(),
});
export type MarksResult = z.infer<typeof marksResultSchema>;

/** Someone at the muster point who is not on the roll: a person of the company, or a name. */
export const addToRollSchema = z.union([
  z.strictObject({ client_id: z.uuid(), person_id: z.uuid() }),
  z.strictObject({
    client_id: z.uuid(),
    full_name: z.string().trim().min(1, { message: 'required' }).max(EMERGENCY_LIMITS.nameMax),
    company_name: z.string().trim().max(EMERGENCY_LIMITS.nameMax).optional(),
    phone: z.string().trim().max(40).optional(),
  }),
]);
export type AddToRollInput = z.input<typeof addToRollSchema>;

export const rollPeopleQuerySchema = z.strictObject({
  search: z.string().trim().min(2).max(EMERGENCY_LIMITS.searchMax),
});
export const rollPeopleSchema = z.object({
  data: z.array(
    z.object({
      id: z.uuid(),
      full_name: z.string(),
      company_name: z.string().nullable(),
      photo_url: z.string().nullable(),
    }),
  ),
});
export type RollPeople = z.infer<typeof rollPeopleSchema>;

// --- Roll-call report ----------------------------------------------------------------------------------

export const rollCallReportSchema = z.object({
  session: sessionSummarySchema,
  /** When 50 %, 90 % and 100 % of the people on the roll (out excluded) were accounted for. */
  milestones: z.array(
    z.object({
      percent: z.union([z.literal(50), z.literal(90), z.literal(100)]),
      at: momentSchema.nullable(),
      minutes: z.number().nullable(),
    }),
  ),
  /** Every mark in the order it was made (concurrent marks both kept). */
  marks: z.array(
    z.object({
      at: momentSchema,
      full_name: z.string(),
      status: z.enum(EMERGENCY_STATUSES),
      source: z.enum(MARK_SOURCES),
      by: z.string().nullable(),
    }),
  ),
  /** Still not present when the session ended (or now). */
  unaccounted: z.array(rollEntrySchema),
});
export type RollCallReport = z.infer<typeof rollCallReportSchema>;

/** Drills and real emergencies counted apart (the sessions page's statistics). */
export const sessionStatsSchema = z.object({
  drills: z.object({
    count: z.number().int(),
    last_at: momentSchema.nullable(),
    median_minutes_to_all: z.number().nullable(),
  }),
  emergencies: z.object({
    count: z.number().int(),
    last_at: momentSchema.nullable(),
    median_minutes_to_all: z.number().nullable(),
  }),
});
export type SessionStats = z.infer<typeof sessionStatsSchema>;

// --- "I am safe" (public, by the person's own link) ---------------------------------------------------

/**
 * While the session runs, the link shows whose it is and where they stand; once it ended, only that it
 * is no longer in use (a link kept in a mailbox names nobody, no company and no session).
 */
export const safeLinkSchema = z.discriminatedUnion('active', [
  z.object({
    /** The session is still running: the link works. */
    active: z.literal(true),
    company_name: z.string(),
    session_name: z.string(),
    is_drill: z.boolean(),
    first_name: z.string(),
    status: z.enum(EMERGENCY_STATUSES),
  }),
  z.object({ active: z.literal(false) }),
]);
export type SafeLink = z.infer<typeof safeLinkSchema>;

// --- Kiosk fire alarm -----------------------------------------------------------------------------------

export const fireAlarmResultSchema = z.object({
  session_id: z.uuid(),
  session_name: z.string(),
  /** False when a running session already covered the kiosk's area (nothing new started). */
  started: z.boolean(),
});
export type FireAlarmResult = z.infer<typeof fireAlarmResultSchema>;
