// A passport's holder fills a company's pre-registration form from their passport (decision 047; spec §2
// /pre-registration/:id?/success with comingFromPassport=true): the passport's /share page sends them
// back to the form with a holder token, and the form reads the holder's own details with it
// (`GET /passport-holder/profile`, `GET /passport-holder/photo` on the dashboard).
import { z } from 'zod';

/** The passport's own details, as the holder keeps them in their passport. */
export const holderProfileResponse = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** The passport's verified address. */
  email: z.string(),
  /** As the passport keeps it: digits with an optional leading + and country code. */
  phone: z.string().nullable(),
  /** GET /passport-holder/photo answers the photo. */
  has_photo: z.boolean(),
});
export type HolderProfile = z.infer<typeof holderProfileResponse>;

/**
 * A pre-registration link's id as the /share page takes it (a user type's code or a visit's link
 * token): letters, digits, `-` and `_`. Anything else is never put into an address.
 */
const SHARE_LINK_ID = /^[A-Za-z0-9_-]{1,200}$/;

export const isShareLinkId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && SHARE_LINK_ID.test(value);
