import { z } from 'zod';

// A kiosk's face library (decision 050): the face IDs of the consenting people of its journey's user
// types, with their first names only, which the kiosk keeps in memory and matches a face against; and
// the server's second look at a match before the sign-in goes on.

/** A descriptor as sent: its 128 float32 numbers' bytes (little-endian), base64. */
export const faceDescriptorText = z.string().length(684);

export const kioskFaceLibrarySchema = z.object({
  /** Whether the company has face sign-in on; off, `people` is empty. */
  enabled: z.boolean(),
  /** Changes whenever the library does: the kiosk fetches again only when told of a change. */
  version: z.string(),
  /** The model the descriptors come from: the kiosk computes its own with the same one. */
  model: z.string(),
  match_threshold: z.number(),
  min_gap: z.number(),
  people: z.array(z.object({ person_id: z.string(), first_name: z.string(), descriptor: faceDescriptorText })),
});
export type KioskFaceLibrary = z.infer<typeof kioskFaceLibrarySchema>;

export const kioskFaceMatchBodySchema = z.object({ descriptor: faceDescriptorText });

export const kioskFaceMatchSchema = z.object({
  /** The person the server matched too, or null: the kiosk falls back to the flow's other inputs. */
  person: z.object({ id: z.string(), first_name: z.string() }).nullable(),
});
export type KioskFaceMatch = z.infer<typeof kioskFaceMatchSchema>;
