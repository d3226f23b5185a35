import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';

// Two presence reports (spec §7 "Dashboard, visits and reports": `get_users_not_on_site` and
// `track_and_trace/{entityId} (user_id, date)`): who of some user types is missing, and who shared an
// area with a person on a day.

const isoDate = z.iso.date();

/** One id or many (`?user_type_id=a&user_type_id=b`), always read as a list. */
const idList = (max: number) =>
  z
    .union([z.uuid(), z.array(z.uuid()).max(max)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.uuid()).min(1, { message: 'choice_required' }));

export const PRESENCE_LIMITS = {
  userTypesMax: 50,
  searchMax: 100,
  /** A day's contacts are listed whole, up to this many rows. */
  contactsMax: 2_000,
} as const;

/** An instant and the company's wall-clock reading of it (YYYY-MM-DD HH:mm). */
const moment = z.object({ at: z.string(), local: z.string() });
const named = z.object({ id: z.uuid(), name: z.string() });

// --- Users not on site -------------------------------------------------------------------------------

const notOnSiteFilterShape = {
  /** The user types whose people are listed (each with the types below it in the tree). */
  user_type_id: idList(PRESENCE_LIMITS.userTypesMax),
  /** Only presence at this site counts (signed in elsewhere is still "not on site" here). */
  site_id: z.uuid().optional(),
  /**
   * A day on the company's clock: who did not arrive that day. Without it: who is not signed in now.
   */
  day: isoDate.optional(),
  /** Name or company of the person. */
  search: z.string().trim().max(PRESENCE_LIMITS.searchMax).optional(),
  sortField: z.enum(['name']).default('name'),
  orderBy: z.enum(['asc', 'desc']).default('asc'),
};

/** The report's filters without paging (what an export stores). Unknown keys are refused. */
export const usersNotOnSiteFiltersSchema = z.strictObject(notOnSiteFilterShape);
export type UsersNotOnSiteFilters = z.output<typeof usersNotOnSiteFiltersSchema>;

export const usersNotOnSiteQuerySchema = z.strictObject({ ...cursorPageQuery.shape, ...notOnSiteFilterShape });
export type UsersNotOnSiteQuery = z.input<typeof usersNotOnSiteQuerySchema>;
export type UsersNotOnSiteParams = z.output<typeof usersNotOnSiteQuerySchema>;

export const lastVisitSchema = z.object({
  id: z.uuid(),
  state: z.string(),
  site: named,
  area: named,
  signed_in: moment,
  signed_out: moment.nullable(),
});

export const notOnSiteRowSchema = z.object({
  person: z.object({
    id: z.uuid(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    company_name: z.string().nullable(),
    photo_url: z.string().nullable(),
  }),
  /** The person's user types (those the reader may see). */
  user_types: z.array(named),
  /** The latest arrival (up to the end of the chosen day), within the reader's scope; null: never came. */
  last_visit: lastVisitSchema.nullable(),
});
export type NotOnSiteRow = z.infer<typeof notOnSiteRowSchema>;

export const usersNotOnSiteListSchema = cursorListResponse(notOnSiteRowSchema).extend({ timezone: z.string() });
export type UsersNotOnSiteList = z.infer<typeof usersNotOnSiteListSchema>;

// --- Track and trace ---------------------------------------------------------------------------------

const trackTraceShape = {
  person_id: z.uuid(),
  /** The day on the company's clock. */
  date: isoDate,
  /** 1: the person's contacts; 2: also their contacts' contacts (the chain one level further). */
  depth: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === 2, { message: 'track_trace_depth' })
    .default(1),
};

export const trackTraceQuerySchema = z.strictObject(trackTraceShape);
export type TrackTraceQuery = z.input<typeof trackTraceQuerySchema>;
export type TrackTraceParams = z.output<typeof trackTraceQuerySchema>;
/** What an export stores: the same filters. */
export const trackTraceFiltersSchema = trackTraceQuerySchema;

const personRef = z.object({
  id: z.uuid(),
  full_name: z.string(),
  company_name: z.string().nullable(),
  photo_url: z.string().nullable(),
});

export const contactRowSchema = z.object({
  /** 1: met the person; 2: met one of the person's contacts (`linked_by`). */
  level: z.union([z.literal(1), z.literal(2)]),
  person: personRef,
  site: named,
  area: named,
  /** Minutes of the day the two were in the area together, a started minute counting whole. */
  overlap_minutes: z.number().int(),
  first_overlap: moment,
  last_overlap: moment,
  /** For level 2: the contact of the person through whom this one was met. */
  linked_by: z.object({ id: z.uuid(), full_name: z.string() }).nullable(),
});
export type ContactRow = z.infer<typeof contactRowSchema>;

export const trackTraceSchema = z.object({
  person: personRef,
  date: isoDate,
  depth: z.number().int(),
  timezone: z.string(),
  data: z.array(contactRowSchema),
  count: z.number().int(),
});
export type TrackTrace = z.infer<typeof trackTraceSchema>;

// --- What the two screens pick from ------------------------------------------------------------------

/** GET /reports/presence/options: the sites and user types within the reader's scope, and today. */
export const presenceOptionsSchema = z.object({
  sites: z.array(named),
  user_types: z.array(named.extend({ parent_id: z.uuid().nullable() })),
  timezone: z.string(),
  /** Today on the company's clock (YYYY-MM-DD). */
  today: isoDate,
});
export type PresenceOptions = z.infer<typeof presenceOptionsSchema>;

/** GET /reports/track-trace/people: the person to trace, found by name or company. */
export const tracePeopleQuerySchema = z.strictObject({
  search: z.string().trim().min(2).max(PRESENCE_LIMITS.searchMax),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const tracePeopleSchema = z.object({
  data: z.array(
    z.object({
      id: z.uuid(),
      full_name: z.string(),
      email: z.string().nullable(),
      company_name: z.string().nullable(),
    }),
  ),
});
export type TracePeople = z.infer<typeof tracePeopleSchema>;
