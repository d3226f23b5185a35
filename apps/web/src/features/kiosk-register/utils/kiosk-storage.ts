// What the tablet remembers across reloads, in localStorage: the pairing it is showing (with the
// secret that asks for its state) or, once added, its device token and where it stands. The kiosk app
// reopens this page after a restart; with the token kept it goes straight back to reporting itself.
import { z } from 'zod';
import { kioskRegistrationSchema } from '@app/shared/kiosks/schemas';

export const KIOSK_STORAGE_KEY = 'kiosk_register';

const deviceSchema = z.object({ mac: z.string(), version: z.string().nullable() });
export type KioskDevice = z.infer<typeof deviceSchema>;

const storedSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('pairing'),
    device: deviceSchema,
    code: z.string(),
    secret: z.string(),
    /** This browser's clock when the code stops working: counted locally, so a wrong tablet clock does not matter. */
    deadline: z.number(),
  }),
  z.object({
    kind: z.literal('registered'),
    device: deviceSchema,
    token: z.string(),
    registration: kioskRegistrationSchema,
  }),
]);
export type StoredKiosk = z.infer<typeof storedSchema>;

export function readStoredKiosk(storage: Pick<Storage, 'getItem'> = localStorage): StoredKiosk | null {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(storage.getItem(KIOSK_STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredKiosk(
  value: StoredKiosk | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
) {
  if (value === null) storage.removeItem(KIOSK_STORAGE_KEY);
  else storage.setItem(KIOSK_STORAGE_KEY, JSON.stringify(value));
}

/** Whether what is stored belongs to the device the kiosk app says it is (a different MAC starts over). */
export const isSameDevice = (stored: StoredKiosk, device: KioskDevice | null) =>
  device === null || stored.device.mac === device.mac;
