import { appVersionSchema, macAddressSchema } from '@app/shared/kiosks/schemas';
import type { KioskDevice } from './kiosk-storage';

export type QueryDevice =
  /** The kiosk app passed a usable MAC address (and maybe its version). */
  | { kind: 'device'; device: KioskDevice }
  /** Nothing passed: the page asks for the MAC address. */
  | { kind: 'missing' }
  /** Something passed that is not a MAC address: the form opens with it and says why. */
  | { kind: 'invalid'; mac: string; version: string };

/**
 * The device the kiosk app names in the address (`?mac=…&version=…`), checked with the same rules as
 * the server. A version that is not one is dropped rather than blocking the pairing.
 */
export function deviceFromQuery(mac: string | null, version: string | null): QueryDevice {
  if (!mac?.trim()) return { kind: 'missing' };
  const parsedMac = macAddressSchema.safeParse(mac);
  if (!parsedMac.success) return { kind: 'invalid', mac, version: version ?? '' };
  const parsedVersion = version ? appVersionSchema.safeParse(version) : null;
  return {
    kind: 'device',
    device: { mac: parsedMac.data, version: parsedVersion?.success ? parsedVersion.data : null },
  };
}
