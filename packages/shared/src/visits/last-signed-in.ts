// GET /visits/last-signed-in (spec §7 GET /last-visits/signedin): each person's latest visit that was
// signed in (or checked in), newest first — who came lately, to sign them in again or see where they were.
import { z } from 'zod';
import { visitSchema } from './schemas';

/** How many of the company's latest sign-ins are looked through for distinct people. */
export const LAST_SIGNED_IN_WINDOW = 500;

export const lastSignedInQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** Only sign-ins at this area. */
  area_id: z.uuid().optional(),
  /** Only this person's latest sign-in. */
  person_id: z.uuid().optional(),
});
export type LastSignedInQuery = z.input<typeof lastSignedInQuerySchema>;
export type LastSignedInParams = z.output<typeof lastSignedInQuerySchema>;

export const lastSignedInSchema = z.object({ data: z.array(visitSchema) });
export type LastSignedIn = z.infer<typeof lastSignedInSchema>;
