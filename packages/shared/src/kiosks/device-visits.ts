// What a registered kiosk sends to sign people in and out at its own area (spec §4 kiosk sign in/out
// modes), and to replay what it queued while the server could not be reached (decision 045). The area
// is the kiosk's: it is never taken from the request.
import { z } from 'zod';
import { idempotencyKeySchema, signInBodySchema, VISIT_LIMITS } from '../visits/schemas';

/**
 * Offline replay (decision 045): how far ahead of the server's clock a kiosk's time may be, how much
 * older than the kiosk's offline window a queued action may be, and how many actions one replay takes.
 */
export const KIOSK_OFFLINE_LIMITS = {
  clockSkewMs: 2 * 60_000,
  marginMs: 60 * 60_000,
  replayMax: 1000,
} as const;

/** The time an action really happened, and whether it was queued while offline (then a key is required). */
const whenShape = {
  idempotency_key: idempotencyKeySchema.optional(),
  occurred_at: z.iso.datetime({ offset: true }).optional(),
  offline: z.literal(true).optional(),
};

const queuedNeedsKey = (
  body: { offline?: true; idempotency_key?: string; occurred_at?: string },
  ctx: z.RefinementCtx,
) => {
  if (!body.offline) return;
  if (!body.idempotency_key)
    ctx.addIssue({ code: 'custom', path: ['idempotency_key'], message: 'kiosk_offline_key_required' });
  if (!body.occurred_at)
    ctx.addIssue({ code: 'custom', path: ['occurred_at'], message: 'kiosk_offline_time_required' });
};

const signInShape = { people: signInBodySchema.shape.people };
const signOutShape = {
  person_ids: z
    .array(z.uuid())
    .min(1, { message: 'choice_required' })
    .max(VISIT_LIMITS.peopleMax)
    .transform((ids) => [...new Set(ids)]),
  reason_id: z.uuid().nullable().optional(),
};

/** POST /kiosk-device/sign-in: the people arriving at the kiosk's area. */
export const kioskSignInBodySchema = z.object({ ...signInShape, ...whenShape }).superRefine(queuedNeedsKey);
export type KioskSignInBody = z.output<typeof kioskSignInBodySchema>;

/** POST /kiosk-device/sign-out: people on site at the kiosk's area, with an early sign-out reason. */
export const kioskSignOutBodySchema = z.object({ ...signOutShape, ...whenShape }).superRefine(queuedNeedsKey);
export type KioskSignOutBody = z.output<typeof kioskSignOutBodySchema>;

/** One queued action of a replay: its own idempotency key and the time it really happened. */
const queued = {
  idempotency_key: idempotencyKeySchema,
  occurred_at: z.iso.datetime({ offset: true }),
};
export const kioskReplayItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sign_in'), ...signInShape, ...queued }),
  z.object({ kind: z.literal('sign_out'), ...signOutShape, ...queued }),
]);
export type KioskReplayItem = z.output<typeof kioskReplayItemSchema>;

/**
 * POST /kiosk-device/replay: the queue in the order it was made. Each item is read on its own
 * (`kioskReplayItemSchema`), so one bad item is answered `refused` and never holds back the others.
 */
export const kioskReplayBodySchema = z.object({
  items: z
    .array(z.record(z.string(), z.unknown()))
    .min(1, { message: 'choice_required' })
    .max(KIOSK_OFFLINE_LIMITS.replayMax)
    .meta({ description: 'Each item: see kioskReplayItemSchema (sign_in with people, or sign_out with person_ids).' }),
});
export type KioskReplayBody = z.output<typeof kioskReplayBodySchema>;

/**
 * What became of one person of a queued action:
 * - `done`: signed in or out now, at the time it happened;
 * - `replayed`: this key was already applied (nothing new);
 * - `merged`: the person was already on site here at that time: the existing visit, no second one;
 * - `already_left`: a sign-out of someone not on site here: nothing to do, kept in case an earlier
 *   sign-in arrives later;
 * - `needs_review`: the server would have refused it; recorded anyway, listed for an admin;
 * - `refused`: bad input (the item's `error` says which field); the kiosk drops it;
 * - `retry`: not processed (the server failed before it); the kiosk keeps it and sends it again.
 */
export const KIOSK_REPLAY_STATUSES = [
  'done',
  'replayed',
  'merged',
  'already_left',
  'needs_review',
  'refused',
  'retry',
] as const;
export type KioskReplayStatus = (typeof KIOSK_REPLAY_STATUSES)[number];

export const kioskReplayPersonResultSchema = z.object({
  person_id: z.uuid(),
  status: z.enum(KIOSK_REPLAY_STATUSES),
  visit_id: z.uuid().nullable(),
  review_id: z.uuid().nullable(),
});
export type KioskReplayPersonResult = z.infer<typeof kioskReplayPersonResultSchema>;

export const kioskReplayResultSchema = z.object({
  index: z.number().int(),
  idempotency_key: z.string().nullable(),
  /** The item's outcome: its people's, the first of refused, retry, needs_review, done, merged, already_left, replayed. */
  status: z.enum(KIOSK_REPLAY_STATUSES),
  people: z.array(kioskReplayPersonResultSchema),
  error: z
    .object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.array(z.string())).optional() })
    .nullable(),
});
export type KioskReplayResult = z.infer<typeof kioskReplayResultSchema>;

export const kioskReplayResponseSchema = z.object({
  results: z.array(kioskReplayResultSchema),
  counts: z.record(z.enum(KIOSK_REPLAY_STATUSES), z.number().int()),
});
export type KioskReplayResponse = z.infer<typeof kioskReplayResponseSchema>;

/** Spec "ask for a rating": a person signing out at a kiosk rates the visit, one to five stars. */
export const KIOSK_RATING = { max: 5, windowMs: 15 * 60_000 } as const;

/** PUT /kiosk-device/visits/{id}/rating: within a quarter of an hour of signing out at this kiosk's area. */
export const kioskRatingBodySchema = z.object({
  score: z
    .number()
    .int()
    .min(1, { message: 'kiosk_rating_range' })
    .max(KIOSK_RATING.max, { message: 'kiosk_rating_range' }),
});
export type KioskRatingBody = z.input<typeof kioskRatingBodySchema>;
