import { z } from 'zod';

// Face sign-in (decision 050): the company's setting, a person's consent, and a face ID made from the
// person's photo (spec `POST /generate_faceId`, toast "Generated Face ID").

export const FACE_CONSENT_SOURCES = ['self', 'passport', 'paper'] as const;

export const faceSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The largest distance between two face descriptors that is still the same person (0.2–0.6). */
  match_threshold: z.number(),
  /** How much nearer the best candidate must be than the next (0–0.3). */
  min_gap: z.number(),
});
export type FaceSettings = z.infer<typeof faceSettingsSchema>;

export const faceSettingsBodySchema = z.object({
  enabled: z.boolean(),
  match_threshold: z.number().gt(0.2).lte(0.6).default(0.45),
  min_gap: z.number().gte(0).lte(0.3).default(0.05),
});

/** An admin records a consent from a signed paper form; the person gives it on the public pages or the passport. */
export const faceConsentBodySchema = z.object({ source: z.literal('paper') });

export const faceStateSchema = z.object({
  person_id: z.string(),
  /** Whether the company has face sign-in on (the drawer shows the section only then). */
  offered: z.boolean(),
  consent: z
    .object({ given_at: z.string(), source: z.enum(FACE_CONSENT_SOURCES), recorded_by: z.string().nullable() })
    .nullable(),
  /** When the person's face ID was made; null without one. The descriptor itself is never answered. */
  face_id_since: z.string().nullable(),
  /** Why the last attempt (automatic, mass or asked) made no face ID, in the reader's language; null once one is made. */
  last_error: z.object({ code: z.string(), message: z.string(), at: z.string() }).nullable(),
});
export type FaceState = z.infer<typeof faceStateSchema>;

/** The mass action: make the face IDs of a user type's consenting people who have a photo, as a job. */
export const faceIdsBodySchema = z.object({ user_type_id: z.uuid() });
export const faceIdsQueuedSchema = z.object({
  /** The consenting people with a photo whose face IDs the job makes. */
  queued: z.number().int(),
});
export type FaceIdsQueued = z.infer<typeof faceIdsQueuedSchema>;

/** The visitor's own face sign-in, on their visit's link (they give or withdraw consent themselves). */
export const publicFaceStateSchema = z.object({
  /** Whether the company offers face sign-in: otherwise nothing is asked. */
  offered: z.boolean(),
  consent_given_at: z.string().nullable(),
  /** When their face ID was made from their photo; null without one. */
  face_id_since: z.string().nullable(),
  /** Whether they have a profile photo to make it from. */
  has_photo: z.boolean(),
});
export type PublicFaceState = z.infer<typeof publicFaceStateSchema>;

/** A passport's holder, in each company that offers face sign-in and knows them (source `passport`). */
export const holderFaceSchema = z.object({
  companies: z.array(
    z.object({
      company_id: z.string(),
      company_name: z.string(),
      consent_given_at: z.string().nullable(),
      face_id_since: z.string().nullable(),
      has_photo: z.boolean(),
    }),
  ),
});
export type HolderFace = z.infer<typeof holderFaceSchema>;
export const holderFaceConsentBodySchema = z.object({ company_id: z.uuid() });
