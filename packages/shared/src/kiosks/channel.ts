// The kiosk's real-time connection (decision 044): the `/kiosk` namespace of the gateway, opened with
// the device token. A kiosk's socket is in its own room only; these are all it hears and says.
import type { DeviceKioskRequest } from './requests';
import type { KioskSettings } from './schemas';

export const KIOSK_NAMESPACE = '/kiosk';
export const kioskRoom = (kioskId: string) => `kiosk:${kioskId}`;
/** Every kiosk of a company: told when what they all keep changed. */
export const kioskCompanyRoom = (entityId: string) => `kiosks-of:${entityId}`;

/** What the kiosk's data cache holds, by part, so a change names what to fetch again. */
/** `faces`: the face library (consent, photos, face IDs or the company's face sign-in changed). */
export const KIOSK_DATA_TOPICS = ['journey', 'people', 'announcements', 'faces'] as const;
export type KioskDataTopic = (typeof KIOSK_DATA_TOPICS)[number];

export type KioskServerToClientEvents = {
  /** A remote request; the kiosk's acknowledgement makes it "delivered". */
  request: (request: DeviceKioskRequest, ack: (answer: { ok: boolean }) => void) => void;
  /** A request the kiosk runs was canceled or closed: stop it. */
  requestEnded: (payload: { id: string; status: 'canceled' | 'closed' | 'failed' }) => void;
  /** Someone started or stopped watching a shared screen. */
  screenWatch: (payload: { id: string; watching: boolean }) => void;
  /** The kiosk's settings changed: they take effect at once. */
  settings: (payload: { settings: KioskSettings; logging: boolean }) => void;
  /** Its data changed: fetch these parts again. */
  dataChanged: (payload: { topics: KioskDataTopic[] }) => void;
  /** The kiosk was deregistered: its token no longer works; go back to pairing. */
  deregistered: () => void;
};

export type KioskClientToServerEvents = Record<string, never>;
