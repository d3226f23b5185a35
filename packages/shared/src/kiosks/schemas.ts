import { z } from 'zod';
import { DOOR_RELAY_MODES, KIOSK_DATE_FORMATS, LANGUAGES, LIMITS, TEMPERATURE_UNITS } from '../constants';
import { pageQuery } from '../http/paging';

export type DoorRelayMode = (typeof DOOR_RELAY_MODES)[number];
export type KioskDateFormat = (typeof KIOSK_DATE_FORMATS)[number];
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

/** A kiosk counts as online when it was seen within this window (heartbeats come every ~30 s). */
export const KIOSK_ONLINE_WINDOW_MS = 2 * 60 * 1000;
/** How often a registered kiosk reports that it is alive. */
export const KIOSK_HEARTBEAT_MS = 30 * 1000;
/** How long a pairing code shown on a kiosk can be used to add it. */
export const KIOSK_PAIRING_TTL_MS = 15 * 60 * 1000;
/** How often the kiosk asks whether an admin has added it yet. */
export const KIOSK_PAIRING_POLL_MS = 3 * 1000;
/** The header that carries a pairing's secret when the kiosk asks for its state. */
export const KIOSK_PAIRING_SECRET_HEADER = 'x-kiosk-pairing-secret';

/**
 * Pairing codes: six characters from an alphabet without look-alikes (no 0/O, 1/I/L), so a code read
 * off a tablet across a desk is typed right the first time.
 */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 6;
const PAIRING_CODE = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

/** A code as typed: any case, with spaces or hyphens between groups. */
export const normalisePairingCode = (value: string): string => value.toUpperCase().replace(/[\s-]/g, '');
/** A code as shown: two groups of three ("K7M 4QX"). */
export const formatPairingCode = (code: string): string =>
  code.length === PAIRING_CODE_LENGTH ? `${code.slice(0, 3)} ${code.slice(3)}` : code;

export const pairingCodeSchema = z
  .string()
  .trim()
  .transform(normalisePairingCode)
  .pipe(z.string().min(1).regex(PAIRING_CODE, { message: 'invalid_pairing_code' }));

// aa:bb:cc:dd:ee:ff, AA-BB-CC-DD-EE-FF, aabb.ccdd.eeff or aabbccddeeff.
const MAC_FORMS = [
  /^[0-9a-f]{2}([:-])(?:[0-9a-f]{2}\1){4}[0-9a-f]{2}$/i,
  /^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/i,
  /^[0-9a-f]{12}$/i,
];
export const isMacAddress = (value: string): boolean => MAC_FORMS.some((form) => form.test(value.trim()));

/** The one form a MAC address is stored and shown in: lower case, colon separated. */
export function normaliseMac(value: string): string {
  const hex = value
    .trim()
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '');
  return hex.match(/.{2}/g)?.join(':') ?? hex;
}

const UNUSABLE_MACS = new Set(['00:00:00:00:00:00', 'ff:ff:ff:ff:ff:ff']);

export const macAddressSchema = z
  .string()
  .trim()
  .min(1)
  .refine(isMacAddress, { message: 'invalid_mac' })
  .transform(normaliseMac)
  .refine((mac) => !UNUSABLE_MACS.has(mac), { message: 'invalid_mac' });

export const appVersionSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, { message: 'invalid_app_version' });

export const kioskNameSchema = z.string().trim().min(1).max(50);

/** The default temperature a kiosk shows, per unit (spec §4: default reading 36 C). */
export const TEMPERATURE_RANGES: Record<TemperatureUnit, { min: number; max: number; default: number }> = {
  C: { min: 30, max: 45, default: LIMITS.defaultTemperatureC },
  F: { min: 86, max: 113, default: 96.8 },
};

export const celsiusToFahrenheit = (c: number): number => Math.round(((c * 9) / 5) * 10 + 320) / 10;
export const fahrenheitToCelsius = (f: number): number => Math.round((((f - 32) * 5) / 9) * 10) / 10;

/** A temperature moved to the other unit, rounded to one decimal. */
export const convertTemperature = (value: number, from: TemperatureUnit, to: TemperatureUnit): number =>
  from === to ? value : to === 'F' ? celsiusToFahrenheit(value) : fahrenheitToCelsius(value);

/**
 * Spec §4 "Kiosk sign in/out modes": what a kiosk lets people do at its area. A sign-in-only kiosk
 * refuses sign-outs and a sign-out-only kiosk refuses arrivals (sign-ins and check-ins).
 */
export const KIOSK_SIGN_MODES = ['sign_in_sign_out', 'sign_in_only', 'sign_out_only'] as const;
export type KioskSignMode = (typeof KIOSK_SIGN_MODES)[number];

/** Spec: a kiosk works offline for as long as its setting says, 24 hours unless set; a week at most. */
export const KIOSK_OFFLINE_HOURS = { min: 1, max: 168 } as const;

export const KIOSK_SETTINGS_DEFAULTS = {
  sign_mode: 'sign_in_sign_out',
  fire_alarm: false,
  door_relay: 0,
  brightness: 80,
  volume: 50,
  date_format: 'yyyy-MM-dd',
  temperature_unit: 'C',
  default_temperature: LIMITS.defaultTemperatureC,
  offline_hours: 24,
  language: 'en',
} as const satisfies Record<string, unknown>;

const settingsShape = {
  sign_mode: z.enum(KIOSK_SIGN_MODES),
  fire_alarm: z.boolean(),
  /** Spec §9: door relay modes 0, 1, 2 (off, open on sign-in, open on sign-in and sign-out). */
  door_relay: z.literal(DOOR_RELAY_MODES),
  brightness: z.number().int().min(0).max(100),
  volume: z.number().int().min(0).max(100),
  date_format: z.enum(KIOSK_DATE_FORMATS),
  temperature_unit: z.enum(TEMPERATURE_UNITS),
  default_temperature: z.number(),
  /** How long the kiosk keeps working from its cached data while the server cannot be reached. */
  offline_hours: z.number().int().min(KIOSK_OFFLINE_HOURS.min).max(KIOSK_OFFLINE_HOURS.max),
  /** The language the kiosk speaks to whoever comes to it; a visitor may choose another for their visit. */
  language: z.enum(LANGUAGES),
};

/** A kiosk's settings as the API returns them. */
export const kioskSettingsValuesSchema = z.object(settingsShape);
export type KioskSettings = z.infer<typeof kioskSettingsValuesSchema>;

/** Settings as a client sends them: every field has its default; the default temperature must suit the unit. */
export const kioskSettingsSchema = z
  .object({
    sign_mode: settingsShape.sign_mode.default(KIOSK_SETTINGS_DEFAULTS.sign_mode),
    fire_alarm: settingsShape.fire_alarm.default(KIOSK_SETTINGS_DEFAULTS.fire_alarm),
    door_relay: settingsShape.door_relay.default(KIOSK_SETTINGS_DEFAULTS.door_relay),
    brightness: settingsShape.brightness.default(KIOSK_SETTINGS_DEFAULTS.brightness),
    volume: settingsShape.volume.default(KIOSK_SETTINGS_DEFAULTS.volume),
    date_format: settingsShape.date_format.default(KIOSK_SETTINGS_DEFAULTS.date_format),
    temperature_unit: settingsShape.temperature_unit.default(KIOSK_SETTINGS_DEFAULTS.temperature_unit),
    default_temperature: settingsShape.default_temperature.optional(),
    offline_hours: settingsShape.offline_hours.default(KIOSK_SETTINGS_DEFAULTS.offline_hours),
    language: settingsShape.language.default(KIOSK_SETTINGS_DEFAULTS.language),
  })
  .transform((s, ctx) => {
    const range = TEMPERATURE_RANGES[s.temperature_unit];
    const value = s.default_temperature ?? range.default;
    if (value < range.min || value > range.max) {
      const tooSmall = value < range.min;
      ctx.addIssue({
        code: tooSmall ? 'too_small' : 'too_big',
        origin: 'number',
        ...(tooSmall ? { minimum: range.min } : { maximum: range.max }),
        inclusive: true,
        input: value,
        path: ['default_temperature'],
        message: undefined,
      } as Parameters<typeof ctx.addIssue>[0]);
      return z.NEVER;
    }
    return { ...s, default_temperature: Math.round(value * 10) / 10 };
  });
export type KioskSettingsInput = z.input<typeof kioskSettingsSchema>;

export const kioskSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mac_address: z.string(),
  app_version: z.string().nullable(),
  area_id: z.uuid(),
  area_name: z.string(),
  site_id: z.uuid(),
  site_name: z.string(),
  /** The journey the kiosk runs (one of its company that covers the kiosk's site), or null. */
  journey_id: z.uuid().nullable(),
  settings: kioskSettingsValuesSchema,
  /** Whether the kiosk sends its log lines to the kiosk logs (remote action kiosk_logging). */
  logging: z.boolean(),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});
export type Kiosk = z.infer<typeof kioskSchema>;

export const KIOSK_SORT_FIELDS = ['name', 'area', 'last_seen_at', 'created_at'] as const;
export const KIOSK_STATUSES = ['online', 'offline'] as const;
export const listKiosksQuerySchema = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  site_id: z.uuid().optional(),
  area_id: z.uuid().optional(),
  status: z.enum(KIOSK_STATUSES).optional(),
  sortField: z.enum(KIOSK_SORT_FIELDS).default('name'),
  orderBy: z.enum(['asc', 'desc']).default('asc'),
});
export type ListKiosksQuery = z.infer<typeof listKiosksQuerySchema>;

/** An admin adds the kiosk showing `code` to an area; its MAC address and app version come from the pairing. */
export const addKioskBodySchema = z.object({ code: pairingCodeSchema, name: kioskNameSchema, area_id: z.uuid() });
export type AddKioskBody = z.infer<typeof addKioskBodySchema>;

export const renameKioskBodySchema = z.object({ name: kioskNameSchema });

const kioskIds = z
  .array(z.uuid())
  .min(1)
  .max(500)
  .transform((ids) => [...new Set(ids)]);

export const moveKioskBodySchema = z.object({
  area_id: z.uuid(),
  /** A journey of the company that covers the target area's site; null stops the kiosk running one. */
  journey_id: z.uuid().nullable().optional(),
});
export const moveKiosksBodySchema = moveKioskBodySchema.extend({ ids: kioskIds });
export const kiosksSettingsBodySchema = z.object({ ids: kioskIds, settings: kioskSettingsSchema });

// ── The kiosk's side: pairing and heartbeat (public, the kiosk has no session) ──────────────────

export const createPairingBodySchema = z.object({
  mac_address: macAddressSchema,
  app_version: appVersionSchema.nullable().optional(),
});
export type CreatePairingBody = z.infer<typeof createPairingBodySchema>;

export const pairingSchema = z.object({
  code: z.string(),
  /** Kept by the kiosk to ask for its state and collect its device token; shown nowhere. */
  secret: z.string(),
  expires_at: z.string(),
});
export type Pairing = z.infer<typeof pairingSchema>;

/** Where a registered kiosk stands: its company, site, area and name. */
export const kioskRegistrationSchema = z.object({
  kiosk_id: z.uuid(),
  name: z.string(),
  company_name: z.string(),
  site_name: z.string(),
  area_name: z.string(),
});
export type KioskRegistration = z.infer<typeof kioskRegistrationSchema>;

export const pairingStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('waiting'), code: z.string(), expires_at: z.string() }),
  z.object({ status: z.literal('expired') }),
  z.object({
    status: z.literal('registered'),
    /** Handed over once: null on every later ask. */
    device_token: z.string().nullable(),
    registration: kioskRegistrationSchema,
  }),
]);
export type PairingStatus = z.infer<typeof pairingStatusSchema>;

export const heartbeatBodySchema = z.object({ app_version: appVersionSchema.nullable().optional() });
export const heartbeatResponseSchema = z.object({
  registration: kioskRegistrationSchema,
  settings: kioskSettingsValuesSchema,
  /** Whether the kiosk sends its log lines to the kiosk logs (remote action `kiosk_logging`). */
  logging: z.boolean(),
  server_time: z.string(),
});
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;
