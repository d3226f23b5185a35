import { cursorListResponse, cursorPageQuery } from '../http/paging';
import { z } from 'zod';
import { CAPACITY_LEVELS, CAPACITY_LIMITS } from './levels';

// Live capacity per site and area (issue 29, decision 054): the company's choices, what the dashboard
// shows of each place now, and the requests to let someone in past a full place.

/** What happens when a sign-in would take a place past its capacity or daily limit. */
export const OVER_CAPACITY_MODES = ['refuse', 'approval'] as const;
export type OverCapacityMode = (typeof OVER_CAPACITY_MODES)[number];

/** A place's limit as a body gives it: a whole number of people, or null for none. */
export const placeLimitSchema = z.number().int().min(CAPACITY_LIMITS.min).max(CAPACITY_LIMITS.max).nullable();

export const capacitySettingsSchema = z.object({
  over_capacity: z.enum(OVER_CAPACITY_MODES),
  /** From this share of a limit (percent), a place reads "nearing". */
  nearing_percent: z.number().int(),
  /** The user types whose visits count toward daily limits; none chosen: every visit counts. */
  visitor_user_type_ids: z.array(z.uuid()),
});
export type CapacitySettings = z.infer<typeof capacitySettingsSchema>;

export const DEFAULT_CAPACITY_SETTINGS: CapacitySettings = {
  over_capacity: 'refuse',
  nearing_percent: CAPACITY_LIMITS.nearingDefault,
  visitor_user_type_ids: [],
};

export const capacitySettingsBodySchema = z.strictObject({
  over_capacity: z.enum(OVER_CAPACITY_MODES),
  nearing_percent: z.number().int().min(CAPACITY_LIMITS.nearingMin).max(CAPACITY_LIMITS.nearingMax),
  visitor_user_type_ids: z.array(z.uuid()).max(200),
});
export type CapacitySettingsBody = z.infer<typeof capacitySettingsBodySchema>;

const level = z.enum(CAPACITY_LEVELS).nullable();

/** One place now: people on site against its capacity, today's visitors against its daily limit. */
export const placeOccupancySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  on_site: z.number().int(),
  capacity: z.number().int().nullable(),
  level,
  visitors_today: z.number().int(),
  daily_visitor_limit: z.number().int().nullable(),
  daily_level: level,
});
export type PlaceOccupancy = z.infer<typeof placeOccupancySchema>;

export const siteOccupancySchema = placeOccupancySchema.extend({
  areas: z.array(placeOccupancySchema.extend({ login_mode: z.enum(['signIn_signOut', 'checkIn_only']) })),
});
export type SiteOccupancy = z.infer<typeof siteOccupancySchema>;

/** GET /occupancy: the reader's sites and areas now, on the company's day. */
export const occupancySchema = z.object({
  date: z.string(),
  timezone: z.string(),
  over_capacity: z.enum(OVER_CAPACITY_MODES),
  nearing_percent: z.number().int(),
  sites: z.array(siteOccupancySchema),
  /** Requests to come in past a full place that wait for an admin. */
  waiting_approvals: z.number().int(),
});
export type Occupancy = z.infer<typeof occupancySchema>;

/** Waiting until an admin decides; approved (not used yet), rejected, or used by the sign-in it allowed. */
export const CAPACITY_APPROVAL_STATES = ['waiting', 'approved', 'rejected', 'used'] as const;
export type CapacityApprovalState = (typeof CAPACITY_APPROVAL_STATES)[number];
/** Which limit the sign-in would have passed. */
export const CAPACITY_REASONS = ['capacity', 'daily_limit'] as const;
export type CapacityReason = (typeof CAPACITY_REASONS)[number];

const ref = z.object({ id: z.uuid(), name: z.string() });

export const capacityApprovalSchema = z.object({
  id: z.uuid(),
  person: ref,
  site: ref,
  area: ref,
  /** The place that was full: the site or the area. */
  full_place: z.enum(['site', 'area']),
  reason: z.enum(CAPACITY_REASONS),
  /** The company day the approval counts for. */
  day: z.string(),
  state: z.enum(CAPACITY_APPROVAL_STATES),
  asked_at: z.string(),
  /** How the person tried to come in: dashboard, kiosk, api, passport. */
  asked_way: z.string(),
  decided_by: ref.nullable(),
  decided_at: z.string().nullable(),
});
export type CapacityApproval = z.infer<typeof capacityApprovalSchema>;

export const listCapacityApprovalsQuerySchema = z.strictObject({
  ...cursorPageQuery.shape,
  state: z.enum(CAPACITY_APPROVAL_STATES).default('waiting'),
});
export type ListCapacityApprovalsQuery = z.infer<typeof listCapacityApprovalsQuerySchema>;
/** Newest first, paged by keyset (`next_cursor`): decided requests grow with every day. */
export const capacityApprovalListSchema = cursorListResponse(capacityApprovalSchema);
export type CapacityApprovalList = z.infer<typeof capacityApprovalListSchema>;

export const capacityApprovalParams = z.object({ id: z.uuid() });

export const capacityDecisionBodySchema = z.strictObject({ decision: z.enum(['approve', 'reject']) });
export type CapacityDecisionBody = z.infer<typeof capacityDecisionBodySchema>;
