// The device token the pairing page (/kiosk-register) kept in localStorage once an admin added this
// tablet: the kiosk app runs with it, and gives it back (the pairing page starts over) when the server
// refuses it. Read by hand rather than through the pairing page's schema, so the app's first load
// carries no validation library.
export const KIOSK_STORAGE_KEY = 'kiosk_register';
export const PAIRING_PAGE = '/kiosk-register';

export type KioskPlace = { kiosk_id: string; name: string; company_name: string; site_name: string; area_name: string };
export type DeviceToken = { token: string; registration: KioskPlace; version: string | null };

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** What the pairing page stored, when it holds a device token; null otherwise (nothing, pairing, garbage). */
export function parseStoredToken(raw: string | null): DeviceToken | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as { kind?: unknown; token?: unknown; registration?: unknown; device?: unknown };
  if (stored.kind !== 'registered' || !isText(stored.token)) return null;
  const reg = (stored.registration ?? {}) as Partial<Record<keyof KioskPlace, unknown>>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const device = (stored.device ?? {}) as { version?: unknown };
  return {
    token: stored.token,
    registration: {
      kiosk_id: text(reg.kiosk_id),
      name: text(reg.name),
      company_name: text(reg.company_name),
      site_name: text(reg.site_name),
      area_name: text(reg.area_name),
    },
    version: typeof device.version === 'string' ? device.version : null,
  };
}

export const readDeviceToken = (storage: Pick<Storage, 'getItem'> = localStorage) =>
  parseStoredToken(storage.getItem(KIOSK_STORAGE_KEY));

/** Forgets the token: the pairing page then asks for a new code. */
export const forgetDeviceToken = (storage: Pick<Storage, 'removeItem'> = localStorage) =>
  storage.removeItem(KIOSK_STORAGE_KEY);

/** The pairing page, told that the kiosk app sent the tablet there (it hands back once paired). */
export const pairingPageUrl = (version: string) => `${PAIRING_PAGE}?from=kiosk&version=${encodeURIComponent(version)}`;
