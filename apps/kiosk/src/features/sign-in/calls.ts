// What the kiosk's flow asks of the rest of the app: finding people, what their flow asks, and the
// sign-in or sign-out itself. Online these are the device endpoints; offline the app answers from its
// cache and queues the sign-in (the flow does not need to know which).
import type { Badge, SignInPerson, SignInPreview } from '@app/shared/visits/schemas';
import type { SearchHosts } from './components/host-screen';
import type { PersonHit, SearchPeople } from './components/identify-screen';

export type Resolved = { person: PersonHit; expectedVisitId: string | null };

/** A sign-in or sign-out done (or queued while offline), or refused with the server's reasons. */
export type Outcome =
  { ok: true; visitId: string | null; offline: boolean } | { ok: false; message: string; field: string | null };

export type KioskSignInCalls = {
  searchPeople: SearchPeople;
  /** What a scanned QR code or a card identifies here; null when nothing (a forged or foreign code). */
  resolve: (kind: 'qr' | 'card', code: string) => Promise<Resolved | null>;
  preview: (personId: string, expectedVisitId: string | null) => Promise<SignInPreview>;
  signIn: (person: SignInPerson, idempotencyKey: string) => Promise<Outcome>;
  signOut: (personId: string, reasonId: string | null, idempotencyKey: string) => Promise<Outcome>;
  searchHosts: SearchHosts;
  /** The visit's badge, recorded as printed by this kiosk (only online: the server lays it out). */
  badge: (visitId: string) => Promise<Badge>;
};
