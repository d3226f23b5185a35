// What a journey flow asks of a person at a kiosk or on the dashboard (spec §3 Journey, "Check names",
// "Compliance flags"): inputs, checks, feedback, output and notifications. The flow's `settings` column
// holds exactly this, validated here for the server and the flow editor alike.
import { z } from 'zod';
import { DEFAULT_TEMPERATURE_THRESHOLD_C, isUsableThreshold, parseTemperature } from './temperature';

/** How a person identifies at a kiosk (spec GET /input_method), in the order the editor offers them. */
export const INPUT_METHODS = ['qr_code', 'face', 'rfid', 'name_search'] as const;
export type InputMethod = (typeof INPUT_METHODS)[number];

/** Spec "Check names", as the kiosk and the badge printer read them. */
export const CHECK_NAMES = [
  'temperature_check',
  'mask_check',
  'host',
  'allow_not_select_host',
  'select_host_permitted',
  'print_badge',
  'print_badge_host',
  'print_badge_journey_company_logo',
  'show_name',
  'show_user_type',
  'show_photo',
  'show_temperature',
  'print_badge_late_sign_in_reason',
  'print_badge_early_sign_out_reason',
  'temperature_threshold',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** The checks that are switched on or off (all but the threshold). */
export type CheckSwitch = Exclude<CheckName, 'temperature_threshold'>;
export const CHECK_SWITCHES: readonly CheckSwitch[] = CHECK_NAMES.filter(
  (name): name is CheckSwitch => name !== 'temperature_threshold',
);

/** A check that means something only when other checks are on (a host on the badge needs a host and a badge). */
export const CHECK_REQUIRES: Partial<Record<CheckSwitch, readonly CheckSwitch[]>> = {
  allow_not_select_host: ['host'],
  select_host_permitted: ['host'],
  print_badge_host: ['print_badge', 'host'],
  print_badge_journey_company_logo: ['print_badge'],
  print_badge_late_sign_in_reason: ['print_badge'],
  print_badge_early_sign_out_reason: ['print_badge'],
  show_temperature: ['temperature_check'],
};

/** The checks as the editor groups them. */
export const CHECK_GROUPS = {
  health: ['temperature_check', 'mask_check'],
  host: ['host', 'allow_not_select_host', 'select_host_permitted'],
  badge: [
    'print_badge',
    'print_badge_host',
    'print_badge_journey_company_logo',
    'print_badge_late_sign_in_reason',
    'print_badge_early_sign_out_reason',
  ],
  display: ['show_name', 'show_user_type', 'show_photo', 'show_temperature'],
} as const satisfies Record<string, readonly CheckSwitch[]>;

const DEFAULT_ON: readonly CheckSwitch[] = ['show_name', 'show_user_type'];

export const FLOW_LIMITS = {
  messageMax: 200,
  hostNoteMax: 200,
  confirmationSeconds: { min: 2, max: 30, default: 5 },
  doorOpenSeconds: { min: 1, max: 60, default: 5 },
  badgeCopies: { min: 1, max: 3, default: 1 },
  extraRecipientsMax: 10,
  hostsMax: 200,
  compliancesMax: 30,
  attendanceModesMax: 20,
} as const;

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

const checkSwitchShape = Object.fromEntries(
  CHECK_SWITCHES.map((name) => [name, z.boolean().default(DEFAULT_ON.includes(name))]),
) as Record<CheckSwitch, z.ZodDefault<z.ZodBoolean>>;

/**
 * The temperature threshold as typed: a number or a text such as "99.5F"; stored in Celsius after the
 * spec's Fahrenheit rule, and refused outside 35–42 °C.
 */
export const temperatureThresholdSchema = z.union([z.number(), z.string().max(20)]).transform((value, ctx) => {
  const parsed = parseTemperature(value);
  if (!parsed) {
    ctx.addIssue({ code: 'custom', message: 'journey_temperature_invalid' });
    return z.NEVER;
  }
  if (!isUsableThreshold(parsed.celsius)) {
    ctx.addIssue({ code: 'custom', message: 'journey_temperature_range' });
    return z.NEVER;
  }
  return parsed.celsius;
});

/** The checks as a client sends them; a check that needs others may be on only with them. */
export const flowChecksInputSchema = z
  .object({
    ...checkSwitchShape,
    temperature_threshold: temperatureThresholdSchema.default(DEFAULT_TEMPERATURE_THRESHOLD_C),
  })
  .superRefine((checks, ctx) => {
    for (const [name, needs] of Object.entries(CHECK_REQUIRES) as [CheckSwitch, readonly CheckSwitch[]][]) {
      if (checks[name] && needs.some((need) => !checks[need])) {
        ctx.addIssue({ code: 'custom', path: [name], message: `journey_check_needs_${needs.find((n) => !checks[n])}` });
      }
    }
  });

/** The checks as stored and answered: the threshold in Celsius. */
export const flowChecksSchema = z.object({
  ...(Object.fromEntries(CHECK_SWITCHES.map((name) => [name, z.boolean()])) as Record<CheckSwitch, z.ZodBoolean>),
  temperature_threshold: z.number(),
});
export type FlowChecks = z.infer<typeof flowChecksSchema>;

const L = FLOW_LIMITS;
const seconds = (range: { min: number; max: number; default: number }) =>
  z.number().int().min(range.min).max(range.max).default(range.default);

/** What the person sees and hears when done. */
export const flowFeedbackSchema = z.object({
  /** Shown (and spoken, with speak_messages) on signing in; the person's name is put in for {name}. */
  welcome_message: z.string().trim().max(L.messageMax).default(''),
  /** Shown on signing out. */
  goodbye_message: z.string().trim().max(L.messageMax).default(''),
  speak_messages: z.boolean().default(false),
  /** How long the kiosk shows the confirmation before it is ready for the next person. */
  confirmation_seconds: seconds(L.confirmationSeconds),
  /** Asks for a one-to-five rating of the visit on signing out. */
  ask_rating: z.boolean().default(false),
});
export type FlowFeedback = z.infer<typeof flowFeedbackSchema>;

/** What the kiosk does when the person may go in. */
export const flowOutputSchema = z.object({
  /** Opens the doors the kiosk's relay drives (see the kiosk's door relay mode). */
  open_door: z.boolean().default(true),
  door_open_seconds: seconds(L.doorOpenSeconds),
  /** Badges printed per sign-in, when the badge check is on. */
  badge_copies: seconds(L.badgeCopies),
});
export type FlowOutput = z.infer<typeof flowOutputSchema>;

/** Who hears about it. */
export const flowNotificationsSchema = z.object({
  /** Emails the chosen host when the person arrives. */
  notify_host_on_arrival: z.boolean().default(false),
  /** Emails the host when the person leaves. */
  notify_host_on_departure: z.boolean().default(false),
  /** Emails the company's admins of these sites when a temperature, mask or compliance check fails. */
  notify_admins_on_failed_check: z.boolean().default(false),
  /** Also told when a check fails, with the admins (a security desk, a team mailbox). */
  extra_recipients: z
    .array(z.email().max(254))
    .max(L.extraRecipientsMax)
    .refine(unique, { message: 'journey_duplicate_recipients' })
    .default([]),
});
export type FlowNotifications = z.infer<typeof flowNotificationsSchema>;

const inputsSchema = z
  .array(z.enum(INPUT_METHODS))
  .max(INPUT_METHODS.length)
  .refine(unique, { message: 'journey_duplicate_inputs' })
  .default([]);

/** The fields of `journey_flows.settings` as a client sends them (request bodies add their own). */
export const flowSettingsInputShape = {
  inputs: inputsSchema,
  checks: flowChecksInputSchema.prefault({}),
  host_note: z.string().trim().max(L.hostNoteMax).default(''),
  feedback: flowFeedbackSchema.prefault({}),
  output: flowOutputSchema.prefault({}),
  notifications: flowNotificationsSchema.prefault({}),
};

type SettingsParts = { checks: { host: boolean }; notifications: FlowNotifications };

/** Rules across parts of the settings: the host is told only when the flow asks for one. */
export function refineFlowSettings(s: SettingsParts, ctx: z.core.$RefinementCtx): void {
  for (const key of ['notify_host_on_arrival', 'notify_host_on_departure'] as const) {
    if (s.notifications[key] && !s.checks.host) {
      ctx.addIssue({ code: 'custom', path: ['notifications', key], message: 'journey_check_needs_host' });
    }
  }
}

/** Everything `journey_flows.settings` holds, as a client sends it. */
export const flowSettingsInputSchema = z.object(flowSettingsInputShape).superRefine(refineFlowSettings);
export type FlowSettingsInput = z.input<typeof flowSettingsInputSchema>;

/** The settings as stored and answered. */
export const flowSettingsSchema = z.object({
  inputs: z.array(z.enum(INPUT_METHODS)),
  checks: flowChecksSchema,
  host_note: z.string(),
  feedback: z.object({
    welcome_message: z.string(),
    goodbye_message: z.string(),
    speak_messages: z.boolean(),
    confirmation_seconds: z.number().int(),
    ask_rating: z.boolean(),
  }),
  output: z.object({ open_door: z.boolean(), door_open_seconds: z.number().int(), badge_copies: z.number().int() }),
  notifications: z.object({
    notify_host_on_arrival: z.boolean(),
    notify_host_on_departure: z.boolean(),
    notify_admins_on_failed_check: z.boolean(),
    extra_recipients: z.array(z.string()),
  }),
});
export type FlowSettings = z.infer<typeof flowSettingsSchema>;

/** A new flow's settings. */
export const defaultFlowSettings = (): FlowSettings => flowSettingsInputSchema.parse({});

/**
 * Settings read back from the database: stored by this schema, but an older row may lack a key added
 * since; anything unreadable falls back to the defaults rather than failing the page.
 */
export function readFlowSettings(stored: unknown): FlowSettings {
  const parsed = flowSettingsInputSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : defaultFlowSettings();
}

/** Spec §3 "Compliance flags": what pre-registration and the kiosk must collect for this flow. */
export const complianceFlagsSchema = z.object({
  is_image_required: z.boolean(),
  is_qr_included: z.boolean(),
  is_face_id_included: z.boolean(),
  is_rfid_included: z.boolean(),
  is_compliance_required: z.boolean(),
  is_using_kiosk_screen: z.boolean(),
});
export type ComplianceFlags = z.infer<typeof complianceFlagsSchema>;

export function complianceFlags(
  settings: Pick<FlowSettings, 'inputs' | 'checks'>,
  opts: { complianceCount: number; touchMode: boolean },
): ComplianceFlags {
  const has = (method: InputMethod) => settings.inputs.includes(method);
  return {
    // Face recognition matches a photo, and a badge with a photo prints one.
    is_image_required: has('face') || (settings.checks.print_badge && settings.checks.show_photo),
    is_qr_included: has('qr_code'),
    is_face_id_included: has('face'),
    is_rfid_included: has('rfid'),
    is_compliance_required: opts.complianceCount > 0,
    is_using_kiosk_screen: opts.touchMode,
  };
}
