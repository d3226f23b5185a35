// Remote actions on a kiosk (spec §7 "Kiosks", §4 "Kiosk request status", decision 044): an admin asks,
// the server relays the request over the kiosk's connection, the kiosk moves it on.
import { z } from 'zod';
import { pageQuery } from '../http/paging';
import { appVersionSchema } from './schemas';

/** Spec §4, in the order a request moves through them. */
export const KIOSK_REQUEST_STATUSES = [
  'placed',
  'pending',
  'delivered',
  'running',
  'succeeded',
  'failed',
  'canceled',
  'closed',
] as const;
export type KioskRequestStatus = (typeof KIOSK_REQUEST_STATUSES)[number];

/** The states a request ends in: nothing moves it after them. */
export const FINISHED_KIOSK_REQUEST_STATUSES = ['succeeded', 'failed', 'canceled', 'closed'] as const;
export const isFinishedKioskRequest = (status: KioskRequestStatus) =>
  (FINISHED_KIOSK_REQUEST_STATUSES as readonly string[]).includes(status);

/** Spec §7's kiosk actions, by our names (`POST /kiosks/open-door` → `open_door`, …). */
export const KIOSK_ACTIONS = [
  'open_door',
  'push_restart',
  'restart_app',
  'remote_show_screen',
  'pull_database',
  'refresh_face_library',
  'kiosk_logging',
  'update_app',
] as const;
export type KioskAction = (typeof KIOSK_ACTIONS)[number];

export const KIOSK_REQUEST_LIMITS = {
  /** How long the server waits for the kiosk to acknowledge a request. */
  deliveryTimeoutMs: 10_000,
  /** How long a delivered or running request may stay so before the sweep fails it, per action. */
  runMs: {
    open_door: 2 * 60_000,
    push_restart: 5 * 60_000,
    restart_app: 5 * 60_000,
    remote_show_screen: 60 * 60_000,
    pull_database: 5 * 60_000,
    refresh_face_library: 10 * 60_000,
    kiosk_logging: 2 * 60_000,
    update_app: 15 * 60_000,
  } satisfies Record<KioskAction, number>,
  /** The largest picture of its screen a kiosk sends, and the largest data it hands over. */
  screenBytesMax: 1024 * 1024,
  dataBytesMax: 5 * 1024 * 1024,
  /** How often a kiosk sends a picture of its screen while someone watches. */
  screenIntervalMs: 2_000,
  keyMax: 128,
  detailMax: 500,
} as const;

/** What the admin asks, per action. */
export const kioskRequestBodySchema = z.discriminatedUnion('action', [
  /** A door of the kiosk's area its relay opens; without one, the relay the kiosk drives. */
  z.object({ action: z.literal('open_door'), door_id: z.uuid().nullable().optional() }),
  z.object({ action: z.literal('push_restart') }),
  z.object({ action: z.literal('restart_app') }),
  z.object({ action: z.literal('remote_show_screen') }),
  z.object({ action: z.literal('pull_database') }),
  z.object({ action: z.literal('refresh_face_library') }),
  z.object({ action: z.literal('kiosk_logging'), enabled: z.boolean() }),
  z.object({
    action: z.literal('update_app'),
    version: appVersionSchema,
    /** The version's key as `GET /kiosks/app-versions` lists it. */
    key: z.string().trim().min(1).max(KIOSK_REQUEST_LIMITS.keyMax),
  }),
]);
export type KioskRequestBody = z.infer<typeof kioskRequestBodySchema>;

/** What the kiosk is told to do: the action and what it needs to do it. */
export const kioskRequestParamsSchema = z.object({
  door_id: z.uuid().nullable().optional(),
  door_name: z.string().nullable().optional(),
  /** How long a door stays open. */
  seconds: z.number().int().optional(),
  enabled: z.boolean().optional(),
  version: z.string().optional(),
  key: z.string().optional(),
});
export type KioskRequestParams = z.infer<typeof kioskRequestParamsSchema>;

export const kioskRequestHistorySchema = z.array(z.object({ status: z.enum(KIOSK_REQUEST_STATUSES), at: z.string() }));

export const kioskRequestSchema = z.object({
  id: z.uuid(),
  kiosk_id: z.uuid(),
  kiosk_name: z.string(),
  action: z.enum(KIOSK_ACTIONS),
  /** What was asked (the update's key is not shown again). */
  params: kioskRequestParamsSchema.omit({ key: true }),
  status: z.enum(KIOSK_REQUEST_STATUSES),
  /** Why it failed, in the reader's language (spec §8: the dashboard toasts it); null otherwise. */
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  /** What the kiosk said beyond its reason, for support. */
  detail: z.string().nullable(),
  /** Whether the kiosk has sent a picture of its screen (shared screen) or its data (pull). */
  has_screen: z.boolean(),
  has_data: z.boolean(),
  requested_by: z.object({ id: z.uuid().nullable(), name: z.string() }),
  history: kioskRequestHistorySchema,
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  /** Whether someone watches the shared screen now (remote_show_screen). */
  watching: z.boolean(),
});
export type KioskRequest = z.infer<typeof kioskRequestSchema>;

export const listKioskRequestsQuerySchema = pageQuery.extend({
  kiosk_id: z.uuid().optional(),
  /** Only the reader's own requests (spec: requests per company and per kiosk of a user). */
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  status: z.enum(KIOSK_REQUEST_STATUSES).optional(),
  action: z.enum(KIOSK_ACTIONS).optional(),
});
export type ListKioskRequestsQuery = z.infer<typeof listKioskRequestsQuerySchema>;

/** A version of the kiosk app the server serves, with the key an update must name. */
export const kioskAppVersionSchema = z.object({
  version: z.string(),
  key: z.string(),
  built_at: z.string().nullable(),
  /** The version a kiosk gets when it loads the app now. */
  current: z.boolean(),
  /** How many of the reader's kiosks reported running it. */
  kiosks: z.number().int(),
});
export type KioskAppVersion = z.infer<typeof kioskAppVersionSchema>;

/** Who is signed in at a kiosk's area now (spec `GET kiosks/room-data/{id}`). */
export const kioskRoomDataSchema = z.object({
  kiosk_id: z.uuid(),
  area: z.object({ id: z.uuid(), name: z.string() }),
  count: z.number().int(),
  people: z.array(
    z.object({
      visit_id: z.uuid(),
      person: z.object({ id: z.uuid(), name: z.string() }),
      user_type: z.string().nullable(),
      signed_in_at: z.string(),
    }),
  ),
});
export type KioskRoomData = z.infer<typeof kioskRoomDataSchema>;

// ── The kiosk's side ────────────────────────────────────────────────────────────────────────────

/** Why a kiosk could not do what it was asked, in words the server translates. */
export const KIOSK_FAILURE_REASONS = [
  'door_relay_off',
  'no_door_relay',
  'relay_failed',
  'screen_unavailable',
  'update_key_mismatch',
  'update_failed',
  'restart_failed',
  'data_unavailable',
  'not_supported',
] as const;
export type KioskFailureReason = (typeof KIOSK_FAILURE_REASONS)[number];

/** POST /kiosk-device/requests/{id}/progress: the kiosk moves a request on. */
export const kioskRequestProgressBodySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('running') }),
  z.object({
    status: z.literal('succeeded'),
    detail: z.string().trim().max(KIOSK_REQUEST_LIMITS.detailMax).optional(),
  }),
  z.object({
    status: z.literal('failed'),
    reason: z.enum(KIOSK_FAILURE_REASONS),
    detail: z.string().trim().max(KIOSK_REQUEST_LIMITS.detailMax).optional(),
  }),
]);
export type KioskRequestProgressBody = z.infer<typeof kioskRequestProgressBodySchema>;

/** The request as its kiosk sees it (the last state, and whether someone watches the screen). */
export const deviceKioskRequestSchema = z.object({
  id: z.uuid(),
  action: z.enum(KIOSK_ACTIONS),
  params: kioskRequestParamsSchema,
  status: z.enum(KIOSK_REQUEST_STATUSES),
  watching: z.boolean(),
});
export type DeviceKioskRequest = z.infer<typeof deviceKioskRequestSchema>;
