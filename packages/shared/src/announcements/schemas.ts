import { z } from 'zod';
import { pageQuery } from '../http/paging';
import { ANNOUNCEMENT_STATES } from './state';
import { htmlHasText } from './text';
import { isLocalDateTime } from './times';

// Announcements (spec §3 "Announcement", §7 "Announcements"): a rich-text message for kiosks and the
// dashboard, with a link, the user types it is for (none: everyone), urgent / pinned / verbal flags and
// a publish and expiry time. Times travel as readings of the company's clock (YYYY-MM-DDTHH:mm, in
// `timezone`); the rules between them are in ./times, the state rule in ./state.

export { ANNOUNCEMENT_STATES, announcementState, type AnnouncementState } from './state';

export const ANNOUNCEMENT_LIMITS = {
  /** Characters of HTML the editor may send; the words themselves are far fewer. */
  textMax: 20_000,
  urlMax: 2048,
  userTypesMax: 100,
  excerptMax: 140,
  searchMax: 100,
} as const;
const L = ANNOUNCEMENT_LIMITS;

/** The list's state filter: one state, or all of them. */
export const ANNOUNCEMENT_FILTERS = ['all', ...ANNOUNCEMENT_STATES] as const;
export type AnnouncementFilter = (typeof ANNOUNCEMENT_FILTERS)[number];

/** An absolute web address: http or https with a host, nothing else (no javascript:, data:, …). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const localDateTime = z.string().trim().refine(isLocalDateTime, { message: 'announcement_invalid_date_time' });

/** The announcement as the form and the API write it. PUT replaces every field. */
export const announcementBodySchema = z.object({
  text: z.string().max(L.textMax).refine(htmlHasText, { message: 'announcement_text_required' }),
  // Every message of this field is its own: `fields.url` names the table preferences' filters.
  url: z
    .string({ message: 'announcement_url_scheme' })
    .trim()
    .max(L.urlMax, { message: 'announcement_url_too_long' })
    .refine((v) => v === '' || isHttpUrl(v), { message: 'announcement_url_scheme' })
    .nullable()
    .default(null)
    .transform((v) => v || null),
  user_type_ids: z
    .array(z.uuid())
    .max(L.userTypesMax)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  urgent: z.boolean().default(false),
  pinned: z.boolean().default(false),
  verbal: z.boolean().default(false),
  publish_at: localDateTime,
  expires_at: localDateTime,
});
export type AnnouncementBody = z.input<typeof announcementBodySchema>;
export type AnnouncementBodyParsed = z.output<typeof announcementBodySchema>;

export const announcementUserTypeSchema = z.object({ id: z.uuid(), name: z.string() });

export const announcementSchema = z.object({
  id: z.uuid(),
  /** Sanitised HTML. */
  text: z.string(),
  /** The first words of the text, without markup. */
  excerpt: z.string(),
  url: z.string().nullable(),
  /** Empty: the announcement is for everyone. */
  user_types: z.array(announcementUserTypeSchema),
  urgent: z.boolean(),
  pinned: z.boolean(),
  verbal: z.boolean(),
  /** Readings of the company's clock, YYYY-MM-DDTHH:mm. */
  publish_at: z.string(),
  expires_at: z.string(),
  /** The same moments as ISO 8601 instants, for machines. */
  publish_at_utc: z.string(),
  expires_at_utc: z.string(),
  timezone: z.string(),
  state: z.enum(ANNOUNCEMENT_STATES),
  /** Whether the caller may change or delete it (an admin limited to some user types may not, when it reaches others). */
  editable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const ANNOUNCEMENT_SORT_FIELDS = ['publish_at', 'expires_at', 'created_at'] as const;
export type AnnouncementSortField = (typeof ANNOUNCEMENT_SORT_FIELDS)[number];

/** Pinned announcements come first whatever the sort. */
export const listAnnouncementsQuerySchema = pageQuery.extend({
  state: z.enum(ANNOUNCEMENT_FILTERS).default('all'),
  search: z.string().trim().max(L.searchMax).optional(),
  sortField: z.enum(ANNOUNCEMENT_SORT_FIELDS).default('publish_at'),
  orderBy: z.enum(['asc', 'desc']).default('desc'),
});
export type ListAnnouncementsQuery = z.infer<typeof listAnnouncementsQuerySchema>;

export const announcementListSchema = z.object({
  data: z.array(announcementSchema),
  count: z.number().int(),
  timezone: z.string(),
});
export type AnnouncementList = z.infer<typeof announcementListSchema>;

/** The user types the caller may address, for the form's choice (parents before their children). */
export const announcementTargetsSchema = z.object({
  data: z.array(z.object({ id: z.uuid(), name: z.string(), parent_id: z.uuid().nullable() })),
});
export type AnnouncementTargets = z.infer<typeof announcementTargetsSchema>;

/** The company's clock, for forms that must not offer times in the past. */
export const announcementClockSchema = z.object({ timezone: z.string(), now: z.string() });
export type AnnouncementClock = z.infer<typeof announcementClockSchema>;

/** Spec §8: adding and deleting show the server's message. */
export const announcementCreatedSchema = z.object({ message: z.string(), data: announcementSchema });
export const announcementDeletedSchema = z.object({ message: z.string() });
