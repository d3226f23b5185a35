// What the kiosk's flow asks of the rest of the app: finding people, what their flow asks, and the
// sign-in or sign-out itself. Online these are the device endpoints; offline the app answers from its
// cache and queues the sign-in (the flow does not need to know which).
import type { KioskVisitorBody } from '@app/shared/kiosks/device-lookup';
import type { Badge, SignInPerson, SignInPreview } from '@app/shared/visits/schemas';
import type { SearchHosts } from './components/host-screen';
import type { PersonHit, SearchPeople } from './components/identify-screen';

export type Resolved = { person: PersonHit; expectedVisitId: string | null };

/**
 * A scanned code refused for a reason the person can act on (a passport code expired, used or not valid),
 * found offline: the key of the message the server answers online (`errors` catalogue).
 */
export class CodeRefused extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
  }
}

/** A sign-in or sign-out done (or queued while offline), or refused with the server's reasons. */
export type Outcome =
  { ok: true; visitId: string | null; offline: boolean } | { ok: false; message: string; field: string | null };

export type KioskSignInCalls = {
  searchPeople: SearchPeople;
  /**
   * What a scanned QR code or a card identifies here; null when nothing (a forged or foreign code). A
   * refusal with a reason rejects: online an ApiError with the server's message, offline a CodeRefused.
   */
  resolve: (kind: 'qr' | 'card', code: string) => Promise<Resolved | null>;
  /** What their flow asks now; `action` is the button they came by (offline, the only clue). */
  preview: (personId: string, expectedVisitId: string | null, action: 'sign_in' | 'sign_out') => Promise<Previewed>;
  signIn: (person: SignInPerson, idempotencyKey: string) => Promise<Outcome>;
  signOut: (personId: string, reasonId: string | null, idempotencyKey: string) => Promise<Outcome>;
  searchHosts: SearchHosts;
  /** The visit's badge, recorded as printed by this kiosk (only online: the server lays it out), with the photo it shows. */
  badge: (visitId: string, personId: string) => Promise<PrintableBadge>;
  /** A new visitor registering here; refused with the server's messages by field. */
  register: (body: KioskVisitorBody) => Promise<Registered>;
  /** The photo the kiosk's camera took of a person without one. */
  uploadPhoto: (personId: string, photo: Blob) => Promise<void>;
  /**
   * The server's own match of a face the kiosk recognised (decision 050): the person it finds, or null.
   * Only online: face sign-in waits for it.
   */
  faceMatch: (descriptor: Float32Array) => Promise<{ id: string; first_name: string } | null>;
  /** The person's rating of the visit they just signed out of. */
  rate: (visitId: string, score: number) => Promise<void>;
};

/** The flow's questions, and whether they were built offline (from the cache) rather than by the server. */
export type Previewed = { preview: SignInPreview; offline: boolean };

export type PrintableBadge = { badge: Badge; photo: Blob | null };

export type Registered =
  { ok: true; person: PersonHit } | { ok: false; message: string; fields: Record<string, string[]> };

/** What the kiosk answers from its cache when the server cannot be reached. */
export type OfflineAnswers = Pick<KioskSignInCalls, 'searchPeople' | 'resolve'> & {
  preview: (personId: string, expectedVisitId: string | null, action: 'sign_in' | 'sign_out') => Promise<SignInPreview>;
};
