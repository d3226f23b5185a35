import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';
import { checkReportRange, reportRangeShape } from './common';

// Kiosk logs (spec §2 /reporting/kiosk-logs): what each kiosk did and reported. Transitions only: a
// heartbeat that changes nothing is not an event.

export const KIOSK_EVENT_KINDS = [
  'added',
  'renamed',
  'settings_changed',
  'moved',
  'app_version_changed',
  'came_online',
  'went_offline',
  'signed_in',
  'signed_out',
  'deregistered',
  /** A remote action asked of the kiosk, and how it ended (decision 044). */
  'remote_action',
  /** A line of the kiosk's own log, sent while its logging is on. */
  'log',
  /** A sign-in or sign-out made while the kiosk was offline, replayed when it was back (decision 045). */
  'replayed',
  /** One made offline that the server would have refused: recorded, and listed for an admin (decision 045). */
  'needs_review',
] as const;
export type KioskEventKind = (typeof KIOSK_EVENT_KINDS)[number];

/** Days on the company’s clock (both included; without them the last 30 days up to today), kiosk, site, kind, and a search of the kiosk’s or person’s name. */
export const kioskLogsFiltersSchema = z
  .strictObject({
    from: reportRangeShape.from.optional(),
    to: reportRangeShape.to.optional(),
    kiosk_id: z.uuid().optional(),
    site_id: z.uuid().optional(),
    kind: z.enum(KIOSK_EVENT_KINDS).optional(),
    search: z.string().trim().max(100).optional(),
  })
  .superRefine((q, ctx) => checkReportRange(q, ctx));
export type KioskLogsFilters = z.infer<typeof kioskLogsFiltersSchema>;

export const kioskLogsQuerySchema = z
  .strictObject({ ...kioskLogsFiltersSchema.shape, ...cursorPageQuery.shape })
  .superRefine((q, ctx) => checkReportRange(q, ctx));
export type KioskLogsQuery = z.infer<typeof kioskLogsQuerySchema>;

const ref = z.object({ id: z.uuid(), name: z.string() });

/**
 * What an event says beyond its kind: a settings change lists each changed setting with its old and new
 * value; a move names the areas; a version change the versions; going offline when the kiosk was last
 * seen; a rename the names.
 */
export const kioskEventDetailSchema = z.object({
  changes: z.array(z.object({ setting: z.string(), from: z.unknown(), to: z.unknown() })).optional(),
  from_area: ref.nullable().optional(),
  to_area: ref.nullable().optional(),
  from_version: z.string().nullable().optional(),
  to_version: z.string().nullable().optional(),
  last_seen_at: z.string().nullable().optional(),
  from_name: z.string().optional(),
  to_name: z.string().optional(),
  /** A remote action: the request, its action, the state it reached, who asked and why it failed. */
  request_id: z.uuid().optional(),
  action: z.string().optional(),
  status: z.string().optional(),
  by: z.string().nullable().optional(),
  error_code: z.string().nullable().optional(),
  /** A log line: its level and text, as the kiosk wrote them. */
  level: z.string().optional(),
  message: z.string().optional(),
  /** A replayed action (`action` sign_in or sign_out): what became of it, and when the kiosk sent it. */
  outcome: z.string().optional(),
  replayed_at: z.string().optional(),
  review_id: z.uuid().optional(),
});
export type KioskEventDetail = z.infer<typeof kioskEventDetailSchema>;

export const kioskLogRowSchema = z.object({
  id: z.uuid(),
  at: z.object({ at: z.string(), local: z.string() }),
  kind: z.enum(KIOSK_EVENT_KINDS),
  kiosk: ref,
  /** Whether the kiosk is still registered. */
  kiosk_registered: z.boolean(),
  site: ref.nullable(),
  area: ref.nullable(),
  person: ref.nullable(),
  visit_id: z.uuid().nullable(),
  detail: kioskEventDetailSchema,
});
export type KioskLogRow = z.infer<typeof kioskLogRowSchema>;

export const kioskLogsListSchema = cursorListResponse(kioskLogRowSchema);
export type KioskLogsList = z.infer<typeof kioskLogsListSchema>;

/** What the print queue's and kiosk logs' filters offer within the reader's sites. */
export const deviceReportOptionsSchema = z.object({
  sites: z.array(ref),
  kiosks: z.array(ref.extend({ site_id: z.uuid() })),
});
export type DeviceReportOptions = z.infer<typeof deviceReportOptionsSchema>;
