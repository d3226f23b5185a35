// What a registered kiosk sends to sign people in and out at its own area (spec §4 kiosk sign in/out
// modes). The area is the kiosk's: it is never taken from the request.
import { z } from 'zod';
import { idempotencyKeySchema, signInBodySchema, VISIT_LIMITS } from '../visits/schemas';

/** POST /kiosk-device/sign-in: the people arriving at the kiosk's area. */
export const kioskSignInBodySchema = z.object({
  people: signInBodySchema.shape.people,
  idempotency_key: idempotencyKeySchema.optional(),
});
export type KioskSignInBody = z.output<typeof kioskSignInBodySchema>;

/** POST /kiosk-device/sign-out: people on site at the kiosk's area, with an early sign-out reason. */
export const kioskSignOutBodySchema = z.object({
  person_ids: z
    .array(z.uuid())
    .min(1, { message: 'choice_required' })
    .max(VISIT_LIMITS.peopleMax)
    .transform((ids) => [...new Set(ids)]),
  reason_id: z.uuid().nullable().optional(),
});
export type KioskSignOutBody = z.output<typeof kioskSignOutBodySchema>;
