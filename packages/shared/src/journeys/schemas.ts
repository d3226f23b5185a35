// Journeys and their flows (spec §3 Journey, §5 "User types and journeys", §7 "Journeys"): one zod
// schema per operation, used by the routes, the API document and the web forms.
import { z } from 'zod';
import { pageQuery } from '../http/paging';
import { REGISTRATION_METHODS } from '../user-types/schemas';
import {
  complianceFlagsSchema,
  FLOW_LIMITS,
  flowSettingsInputShape,
  flowSettingsSchema,
  INPUT_METHODS,
  refineFlowSettings,
} from './flow-settings';

export const JOURNEY_LIMITS = { nameMin: 2, nameMax: 50, descriptionMax: 500, sitesMax: 100 } as const;

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;
const ids = (max: number) => z.array(z.uuid()).max(max).refine(unique, { message: 'journey_duplicate_ids' });

// ── journeys ────────────────────────────────────────────────────────────────────────────────────

/** POST /journeys and PUT /journeys/{id}: a journey and the sites it applies to (at least one). */
export const journeyBodySchema = z.object({
  name: z.string().trim().min(JOURNEY_LIMITS.nameMin).max(JOURNEY_LIMITS.nameMax),
  description: z.string().trim().max(JOURNEY_LIMITS.descriptionMax).default(''),
  /** Used for remote sign-in (the passport app, a link), not only at kiosks. */
  remote: z.boolean().default(false),
  /** Kiosks take touch input; off only when every flow has an input method (spec §4). */
  touch_mode: z.boolean().default(true),
  site_ids: ids(JOURNEY_LIMITS.sitesMax).min(1, { message: 'journey_sites_required' }),
});
export type JourneyBody = z.infer<typeof journeyBodySchema>;
export type JourneyBodyInput = z.input<typeof journeyBodySchema>;

export const journeySiteSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Outside the caller's sites: it stays on the journey whatever the caller sends (spec §6). */
  locked: z.boolean(),
});

export const journeyUserTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  registration_method: z.enum(REGISTRATION_METHODS),
  flow_id: z.uuid(),
});

export const journeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  remote: z.boolean(),
  touch_mode: z.boolean(),
  sites: z.array(journeySiteSchema),
  /** The user types with a flow in this journey (spec: a journey applies to user types). */
  user_types: z.array(journeyUserTypeSchema),
  flow_count: z.number().int(),
  kiosk_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Journey = z.infer<typeof journeySchema>;

export const JOURNEY_SORT_FIELDS = ['name', 'created_at', 'flow_count', 'kiosk_count'] as const;
export type JourneySortField = (typeof JOURNEY_SORT_FIELDS)[number];

/** GET /journeys: paged, searched by name, for one site (spec /journeys/site/{id}) or remote ones only. */
export const listJourneysQuerySchema = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  site_id: z.uuid().optional(),
  remote: z.enum(['true', 'false']).optional(),
  sortField: z.enum(JOURNEY_SORT_FIELDS).default('name'),
  orderBy: z.enum(['asc', 'desc']).default('asc'),
});
export type ListJourneysQuery = z.infer<typeof listJourneysQuerySchema>;

/** GET /journeys/{id}/touch-mode/disable-confirmation: what stops touch mode from being switched off. */
export const touchModeConfirmationSchema = z.object({
  can_disable: z.boolean(),
  flow_count: z.number().int(),
  /** Flows without an input method: each needs one before touch mode can go off. */
  flows_without_input: z.array(z.object({ flow_id: z.uuid(), user_type_id: z.uuid(), user_type_name: z.string() })),
  /** Kiosks running the journey: they change how people sign in once it is saved. */
  kiosk_count: z.number().int(),
});
export type TouchModeConfirmation = z.infer<typeof touchModeConfirmationSchema>;

// ── flows ───────────────────────────────────────────────────────────────────────────────────────

const flowLinksShape = {
  /** People a visitor may choose as host (with select_host_permitted, the only ones). */
  host_ids: ids(FLOW_LIMITS.hostsMax).default([]),
  /** Compliances to complete, in this order. */
  compliances: z
    .array(z.object({ id: z.uuid(), required: z.boolean().default(true) }))
    .max(FLOW_LIMITS.compliancesMax)
    .refine((list) => unique(list.map((c) => c.id)), { message: 'journey_duplicate_ids' })
    .default([]),
  attendance_mode_ids: ids(FLOW_LIMITS.attendanceModesMax).default([]),
};

/** POST /journeys/{id}/flows: one flow, the same for each user type chosen (one flow per type is kept). */
export const createFlowsBodySchema = z
  .object({
    user_type_ids: ids(50).min(1, { message: 'journey_user_types_required' }),
    ...flowSettingsInputShape,
    ...flowLinksShape,
  })
  .superRefine(refineFlowSettings);
export type CreateFlowsBodyInput = z.input<typeof createFlowsBodySchema>;
export type CreateFlowsBody = z.infer<typeof createFlowsBodySchema>;

/** PUT /journey-flows/{id}: a flow, and the user type it is for. */
export const updateFlowBodySchema = z
  .object({ user_type_id: z.uuid(), ...flowSettingsInputShape, ...flowLinksShape })
  .superRefine(refineFlowSettings);
export type UpdateFlowBodyInput = z.input<typeof updateFlowBodySchema>;
export type UpdateFlowBody = z.infer<typeof updateFlowBodySchema>;

export const flowHostSchema = z.object({ id: z.uuid(), full_name: z.string(), email: z.string().nullable() });
export type FlowHost = z.infer<typeof flowHostSchema>;

export const flowComplianceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  format: z.string(),
  version: z.number().int(),
  required: z.boolean(),
});

export const flowAttendanceModeSchema = z.object({ id: z.uuid(), name: z.string() });

export const flowSchema = flowSettingsSchema.extend({
  id: z.uuid(),
  journey_id: z.uuid(),
  journey_name: z.string(),
  user_type: z.object({ id: z.uuid(), name: z.string(), registration_method: z.enum(REGISTRATION_METHODS) }),
  /** Hosts the caller may see; others stay on the flow unseen. */
  hosts: z.array(flowHostSchema),
  compliances: z.array(flowComplianceSchema),
  attendance_modes: z.array(flowAttendanceModeSchema),
  compliance_flags: complianceFlagsSchema,
  /** False for a flow of a user type outside the caller's user types (spec §6): shown, not changed. */
  editable: z.boolean(),
  updated_at: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;

export const flowListSchema = z.object({ data: z.array(flowSchema) });

/** GET /journey-flows: every flow of the company's journeys the caller sees. */
export const listFlowsQuerySchema = z.object({ journey_id: z.uuid().optional(), user_type_id: z.uuid().optional() });

/** GET /journeys/{id}/user-types: the company's user types, and whether each may get a flow here. */
export const journeyUserTypeOptionsQuerySchema = z.object({ journey_flow_id: z.uuid().optional() });
export const JOURNEY_USER_TYPE_BLOCKS = ['in_journey', 'registration_not_required_taken'] as const;
export const journeyUserTypeOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parent_id: z.uuid().nullable(),
  registration_method: z.enum(REGISTRATION_METHODS),
  /** The flow this type already has in the journey (other than the one being edited). */
  flow_id: z.uuid().nullable(),
  /** Why it cannot be chosen, or null. */
  blocked: z.enum(JOURNEY_USER_TYPE_BLOCKS).nullable(),
});
export type JourneyUserTypeOption = z.infer<typeof journeyUserTypeOptionSchema>;

/** GET /journeys/{id}/hosts and /journeys/{id}/hosts/{user_type_id}: a flow's hosts and its note. */
export const journeyHostsQuerySchema = z.object({ journey_flow_id: z.uuid().optional() });
export const journeyHostsSchema = z.object({ hosts: z.array(flowHostSchema), note: z.string().nullable() });

/** GET /journey-flows/user-types?site_ids=: the user types that have a flow at these sites. */
export const siteFlowsQuerySchema = z.object({
  site_ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(z.uuid()).min(1).max(100)),
});
export const siteFlowSchema = z.object({
  flow_id: z.uuid(),
  journey_id: z.uuid(),
  journey_name: z.string(),
  user_type_id: z.uuid(),
  user_type_name: z.string(),
  site_ids: z.array(z.uuid()),
});

/** GET /journeys/{id}/attendance-modes: the modes a flow of this journey may use (they serve its sites). */
export const journeyAttendanceModeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  days: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
});

// ── kiosks ──────────────────────────────────────────────────────────────────────────────────────

export const journeyKioskSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  site_id: z.uuid(),
  site_name: z.string(),
  area_id: z.uuid(),
  area_name: z.string(),
  /** The journey the kiosk runs now. */
  journey: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  online: z.boolean(),
});
export type JourneyKiosk = z.infer<typeof journeyKioskSchema>;

/** PUT /journeys/{id}/kiosks: these kiosks (at the journey's sites) run this journey from now on. */
export const assignKiosksBodySchema = z.object({
  kiosk_ids: ids(200).min(1, { message: 'journey_kiosks_required' }),
});

export const journeyKioskParams = z.object({ id: z.uuid(), kiosk_id: z.uuid() });
export const journeyUserTypeParams = z.object({ id: z.uuid(), user_type_id: z.uuid() });

// ── catalogue ───────────────────────────────────────────────────────────────────────────────────

/** GET /input-methods (spec GET /input_method). */
export const inputMethodsSchema = z.object({ data: z.array(z.enum(INPUT_METHODS)) });
