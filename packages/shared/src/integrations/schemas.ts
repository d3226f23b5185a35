import { z } from 'zod';
import { listResponse, pageQuery } from '../http/paging';
import {
  DIRECTORY_CODES,
  INTEGRATION_FIELDS,
  INTEGRATION_STATUSES,
  RUN_KINDS,
  SYNC_FREQUENCIES,
  TEMP_USER_STATES,
} from './status';

// The integrations API (spec §7 "Integrations"; decision 048). One schema per operation; the paths are
// in apps/server/src/modules/integrations/*.routes.ts and docs/api-map.md.

export const INTEGRATION_LIMITS = {
  nameMin: 2,
  nameMax: 50,
  configValueMax: 500,
  groupsMax: 200,
  sitesMax: 500,
  searchMax: 100,
  bulkMax: 500,
} as const;
const L = INTEGRATION_LIMITS;

const configValue = z.string().trim().max(L.configValueMax);

// ---- directories ----

export const directorySchema = z.object({
  code: z.enum(DIRECTORY_CODES),
  /** Keys an admin types that are shown again (tenant id, client id, server URL, school id, username). */
  config_keys: z.array(z.string()),
  /** Keys an admin types that are never shown again (client secret, password, token). */
  secret_keys: z.array(z.string()),
  fields: z.array(z.enum(INTEGRATION_FIELDS)),
  writes_back: z.boolean(),
  /** Google needs the installation's OAuth client: false (with a reason) when it is not configured. */
  available: z.boolean(),
  /** Connects through the directory's consent page (Google) instead of typed credentials. */
  consent: z.boolean(),
});
export type Directory = z.infer<typeof directorySchema>;

// ---- an integration ----

export const integrationMappingGroupSchema = z.object({
  id: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(300),
  user_type_id: z.uuid(),
});

export const integrationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  dir_code: z.enum(DIRECTORY_CODES),
  status: z.enum(INTEGRATION_STATUSES),
  /** The non-secret config, by key; secrets are never answered, only whether each is set. */
  config: z.record(z.string(), z.string()),
  secrets_set: z.array(z.string()),
  /** The account or tenant reached (a domain, a school), when known. */
  account: z.string().nullable(),
  site_ids: z.array(z.uuid()),
  site_names: z.array(z.string()),
  groups: z.array(integrationMappingGroupSchema),
  fields: z.array(z.enum(INTEGRATION_FIELDS)),
  default_user_type_id: z.uuid().nullable(),
  sync_frequency: z.enum(SYNC_FREQUENCIES),
  write_back: z.boolean(),
  write_back_area_ids: z.array(z.uuid()),
  migrated: z.boolean(),
  last_sync_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  next_sync_at: z.string().nullable(),
  token_refreshed_at: z.string().nullable(),
  /** The latest run, if any. */
  last_run: z
    .object({
      id: z.uuid(),
      kind: z.enum(RUN_KINDS),
      status_code: z.number().int(),
      finished_at: z.string().nullable(),
    })
    .nullable(),
  /** Whether the caller may change it (admins of all its sites). */
  editable: z.boolean(),
  created_at: z.string(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const listIntegrationsQuerySchema = pageQuery.extend({
  search: z.string().trim().max(L.searchMax).optional(),
  dir_code: z.enum(DIRECTORY_CODES).optional(),
});
export const integrationListSchema = listResponse(integrationSchema);

export const integrationNameQuerySchema = z.object({
  name: z.string().trim().min(1).max(L.nameMax),
  /** The integration being renamed. */
  id: z.uuid().optional(),
});

const nameField = z.string().trim().min(L.nameMin).max(L.nameMax);

export const createIntegrationBodySchema = z.object({
  name: nameField,
  dir_code: z.enum(DIRECTORY_CODES),
  config: z.record(z.string().max(50), configValue).default({}),
  secrets: z.record(z.string().max(50), configValue).default({}),
  /** Google: the consent the admin just gave (from /googleAD/auth/...). */
  authorization_id: z.uuid().optional(),
});
export type CreateIntegrationBody = z.input<typeof createIntegrationBodySchema>;

export const createIntegrationResponseSchema = z.object({
  integration: integrationSchema,
  /** SCIM: the bearer token, shown this once. */
  scim_token: z.string().nullable(),
  /** SCIM: the base URL the identity provider is given. */
  scim_url: z.string().nullable(),
});

export const reauthBodySchema = z.object({
  config: z.record(z.string().max(50), configValue).default({}),
  secrets: z.record(z.string().max(50), configValue).default({}),
  authorization_id: z.uuid().optional(),
});

export const settingsBodySchema = z.object({
  name: nameField.optional(),
  site_ids: z.array(z.uuid()).max(L.sitesMax),
  groups: z.array(integrationMappingGroupSchema).max(L.groupsMax),
  fields: z.array(z.enum(INTEGRATION_FIELDS)).max(INTEGRATION_FIELDS.length),
  default_user_type_id: z.uuid().nullable().default(null),
  sync_frequency: z.enum(SYNC_FREQUENCIES),
  write_back: z.boolean().default(false),
  write_back_area_ids: z.array(z.uuid()).max(L.sitesMax).default([]),
  /** Save and sync (spec §4): start a run after saving. */
  sync: z.boolean().default(false),
});
export type SettingsBody = z.input<typeof settingsBodySchema>;

export const settingsResponseSchema = z.object({
  integration: integrationSchema,
  /** The run started (save-and-sync, or a mapping change after the first migration). */
  run_id: z.uuid().nullable(),
});

export const statusBodySchema = z.object({ status: z.enum(['active', 'inactive']) });

// ---- what the directory offers ----

export const directoryGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  member_count: z.number().int().nullable(),
});

export const directoryOptionsSchema = z.object({
  groups: z.array(directoryGroupSchema),
  fields: z.array(z.enum(INTEGRATION_FIELDS)),
  /** Spec §8 NO_GROUP_TO_MAP: the directory has no group to map. */
  no_group_to_map: z.boolean(),
});

/** What the settings and fix forms choose from: the sites and user types the caller may give an integration. */
export const integrationChoicesSchema = z.object({
  sites: z.array(z.object({ id: z.uuid(), name: z.string() })),
  user_types: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type IntegrationChoices = z.infer<typeof integrationChoicesSchema>;

export const integrationAreaSchema = z.object({
  id: z.uuid(),
  area_id: z.uuid(),
  area_name: z.string(),
  label: z.string(),
  site_id: z.uuid(),
  isDisabled: z.boolean(),
});

// ---- runs (the spec's sync jobs and sync logs) ----

export const runSchema = z.object({
  id: z.uuid(),
  kind: z.enum(RUN_KINDS),
  /** Spec: sync_status { id, text } and message. */
  sync_status: z.object({ id: z.number().int(), text: z.string() }),
  message: z.string().nullable(),
  progress: z.number().int(),
  read: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  archived: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  errors: z.number().int(),
  duplicates: z.number().int(),
  problems: z.array(z.object({ external_id: z.string().nullable(), name: z.string().nullable(), message: z.string() })),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type IntegrationRun = z.infer<typeof runSchema>;
export const runListSchema = listResponse(runSchema);
export const runParams = z.object({ id: z.uuid(), runId: z.uuid() });

export const startRunBodySchema = z.object({ kind: z.enum(['first', 'auto', 'manual']).default('manual') });
export const startRunResponseSchema = z.object({ run_id: z.uuid() });

/** Spec §4: after a sync, where the flow goes. */
export const redirectTypeSchema = z.object({
  type: z.enum(['error', 'duplicate', 'valid', 'none']),
  errors: z.number().int(),
  duplicates: z.number().int(),
  valid: z.number().int(),
});

export const statisticsSchema = z.object({
  /** Spec §3 stats. */
  imported: z.number().int(),
  errors: z.number().int(),
  duplicates: z.number().int(),
  valid: z.number().int(),
  /** Sync health (issue: last success, next run, counts, the delta link's age). */
  people: z.number().int(),
  archived: z.number().int(),
  last_success_at: z.string().nullable(),
  next_sync_at: z.string().nullable(),
  last_run: runSchema.nullable(),
  /** Microsoft Graph: days since the delta link was issued (it lasts 7). */
  delta_age_days: z.number().nullable(),
});

// ---- temporary users ----

export const tempUserSchema = z.object({
  /** The spec's dir_int_id. */
  id: z.uuid(),
  external_id: z.string(),
  state: z.enum(TEMP_USER_STATES),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_code: z.string().nullable(),
  phone: z.string().nullable(),
  id_number: z.string().nullable(),
  department: z.string().nullable(),
  user_type_id: z.uuid().nullable(),
  user_type_name: z.string().nullable(),
  groups: z.array(z.string()),
  /** By field: the translated problem. */
  problems: z.record(z.string(), z.string()),
  duplicates: z.array(
    z.object({
      id: z.uuid(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      id_number: z.string().nullable(),
      status: z.string(),
    }),
  ),
  duplicate_reasons: z.array(z.string()),
});
export type TempUser = z.infer<typeof tempUserSchema>;

export const tempUsersQuerySchema = pageQuery.extend({
  state: z.enum(TEMP_USER_STATES),
  search: z.string().trim().max(L.searchMax).optional(),
});
export const tempUserListSchema = listResponse(tempUserSchema);
export const tempUserParams = z.object({ id: z.uuid(), tempId: z.uuid() });

/** Spec §3 fix-error payload: the user with its dir_int_id (the path's tempId). */
export const fixErrorBodySchema = z.object({
  first_name: z.string().trim().max(100).nullable(),
  last_name: z.string().trim().max(100).nullable(),
  email: z.string().trim().max(254).nullable(),
  phone_code: z.string().trim().max(4).nullable(),
  phone: z.string().trim().max(20).nullable(),
  id_number: z.string().trim().max(50).nullable(),
  user_type_id: z.uuid().nullable(),
});
export type FixErrorBody = z.input<typeof fixErrorBodySchema>;

/** Spec §3 fix-duplicate payload: selected_user_id (or a new person when none of them is this one). */
export const fixDuplicateBodySchema = z.object({
  selected_user_id: z.uuid().nullable(),
  create_new: z.boolean().default(false),
});

export const fixResultSchema = z.object({
  /** Spec §8: the result shown as success or error by this flag. */
  action: z.boolean(),
  message: z.string(),
  user: tempUserSchema.nullable(),
});

/** People kept in step with the directory (the valid-users page opened from the view). */
export const syncedUserSchema = z.object({
  id: z.uuid(),
  external_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  status: z.string(),
  archived_by_sync: z.boolean(),
  updated_at: z.string(),
});
export const syncedUsersQuerySchema = pageQuery.extend({ search: z.string().trim().max(L.searchMax).optional() });
export const syncedUserListSchema = listResponse(syncedUserSchema);

// ---- Wonde attendance codes ----

export const attendanceCodesSchema = z.object({
  codes: z.array(z.object({ id: z.string(), code: z.string(), label: z.string() })),
  /** The code a sign-in without a late reason is written as (a present mark). */
  present_code_id: z.string().nullable(),
  present_code_label: z.string().nullable(),
  reasons: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      type: z.string(),
      mode_name: z.string(),
      code_id: z.string().nullable(),
      code_label: z.string().nullable(),
    }),
  ),
});
/**
 * Spec §3 attendance-code edit: ids (the company's reasons) and attendanceCodeId (null clears);
 * `present: true` sets the code of sign-ins without a late reason instead (ids may then be empty).
 */
export const attendanceCodeEditSchema = z
  .object({
    ids: z.array(z.uuid()).max(L.bulkMax).default([]),
    attendanceCodeId: z.string().trim().min(1).max(100).nullable(),
    present: z.boolean().default(false),
  })
  .refine((body) => body.present || body.ids.length > 0, { path: ['ids'], message: 'integration_reasons_required' });

// ---- write-back scans ----

export const SCAN_STATUSES = ['pending', 'sent', 'failed', 'ignored'] as const;
export const integrationScanSchema = z.object({
  id: z.uuid(),
  visit_id: z.uuid(),
  person_id: z.uuid(),
  person_name: z.string(),
  kind: z.enum(['sign_in', 'sign_out']),
  happened_at: z.string(),
  area_name: z.string().nullable(),
  reason_name: z.string().nullable(),
  code_id: z.string().nullable(),
  code_label: z.string().nullable(),
  status: z.enum(SCAN_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  sent_at: z.string().nullable(),
});
export const scansQuerySchema = pageQuery.extend({ status: z.enum(SCAN_STATUSES).optional() });
export const scanListSchema = listResponse(integrationScanSchema);
export const ignoreScansBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(L.bulkMax) });
export const editScansBodySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(L.bulkMax),
  attendanceCodeId: z.string().trim().min(1).max(100),
});
export const scansChangedSchema = z.object({ changed: z.number().int() });

// ---- Google consent ----

export const googleAuthorizeBodySchema = z.object({ integration_id: z.uuid().optional() });
export const googleAuthorizeResponseSchema = z.object({ url: z.string() });
export const googleAuthorizationSchema = z.object({
  id: z.uuid(),
  account: z.string().nullable(),
  integration_id: z.uuid().nullable(),
  ready: z.boolean(),
});

export const scimTokenResponseSchema = z.object({ scim_token: z.string(), scim_url: z.string() });
