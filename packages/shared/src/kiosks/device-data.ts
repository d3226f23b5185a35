// What a kiosk fetches to run its journey (decision 044): itself, its place, its company, the journey
// its site runs with each user type's flow, and the announcements for those user types. The kiosk
// keeps it for its offline window and fetches it again when the server says it changed.
import { z } from 'zod';
import { LOGIN_MODES } from '../sites/schemas';
import { flowSchema, journeySchema } from '../journeys/schemas';
import { watchlistSnapshotSchema } from '../watchlist/schemas';
import { kioskSettingsValuesSchema } from './schemas';

/** An announcement as a kiosk shows it: urgent ones first; verbal ones are read aloud. */
export const kioskAnnouncementSchema = z.object({
  id: z.uuid(),
  /** Sanitised HTML. */
  text: z.string(),
  /** The words without markup, for reading aloud. */
  excerpt: z.string(),
  url: z.string().nullable(),
  /** The user types it is for; empty: everyone. */
  user_type_ids: z.array(z.uuid()),
  urgent: z.boolean(),
  pinned: z.boolean(),
  verbal: z.boolean(),
  expires_at_utc: z.string(),
});
export type KioskAnnouncement = z.infer<typeof kioskAnnouncementSchema>;

export const kioskJourneyBundleSchema = z.object({
  kiosk: z.object({
    id: z.uuid(),
    name: z.string(),
    settings: kioskSettingsValuesSchema,
    logging: z.boolean(),
  }),
  area: z.object({ id: z.uuid(), name: z.string(), login_mode: z.enum(LOGIN_MODES) }),
  site: z.object({ id: z.uuid(), name: z.string() }),
  company: z.object({ id: z.uuid(), name: z.string(), timezone: z.string() }),
  /** Whether GET /kiosk-device/logo has a picture: the journey's logo, or else the company's. */
  logo: z.boolean(),
  /** The journey the kiosk's site runs; null when none covers it (the kiosk says so and signs no one in). */
  journey: journeySchema.nullable(),
  /** The journey's flows, one per user type. */
  flows: z.array(flowSchema),
  announcements: z.array(kioskAnnouncementSchema),
  /** The company's watchlist as hashes, for screening while offline (decision 051). */
  watchlist: watchlistSnapshotSchema,
  /** When the server put this together: the kiosk's offline window counts from it. */
  fetched_at: z.string(),
});
export type KioskJourneyBundle = z.infer<typeof kioskJourneyBundleSchema>;
