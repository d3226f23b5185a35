// GET /visits/scan-data-types (spec §7 Dashboard "GET /sacn_data_type (optional type=visit)"): what a
// visit (the spec's "scan") records, so a reader of visits (the logbook's columns and filters, an
// integration reading GET /visits) knows every kind of value and source it can meet: how its sign-in
// and sign-out were made, the values the desk or kiosk takes, and the company's custom fields asked at
// sign-in, sign-out or check-in.
import { z } from 'zod';
import { CUSTOM_FIELD_TYPES } from '../custom-fields/schemas';
import { SIGN_SOURCES } from './schemas';

export const scanDataTypesQuerySchema = z.strictObject({ type: z.enum(['visit']).default('visit') });
export type ScanDataTypesQuery = z.infer<typeof scanDataTypesQuerySchema>;

/** Which end of a visit each source can record. */
export const SIGN_SOURCE_ENDS: Record<(typeof SIGN_SOURCES)[number], { sign_in: boolean; sign_out: boolean }> = {
  dashboard: { sign_in: true, sign_out: true },
  kiosk: { sign_in: true, sign_out: true },
  api: { sign_in: true, sign_out: true },
  pre_registration: { sign_in: true, sign_out: false },
  passport: { sign_in: true, sign_out: true },
  auto_24h: { sign_in: false, sign_out: true },
  auto_midnight: { sign_in: false, sign_out: true },
  area_mode_change: { sign_in: false, sign_out: true },
};

/** When a value is taken: at sign-in, at sign-out, at a check-in, or any time on the visit. */
export const SCAN_MOMENTS = ['sign_in', 'sign_out', 'check_in', 'visit'] as const;
/** The built-in values of a visit, with the kind of value each holds (its key in GET /visits). */
export const SCAN_BUILT_IN_DATA = [
  { key: 'signed_in', value_type: 'date_time', moment: 'sign_in' },
  { key: 'signed_out', value_type: 'date_time', moment: 'sign_out' },
  { key: 'temperature', value_type: 'number', moment: 'sign_in' },
  { key: 'mask', value_type: 'toggle', moment: 'sign_in' },
  { key: 'hosts', value_type: 'people', moment: 'sign_in' },
  { key: 'late_reason', value_type: 'reason', moment: 'sign_in' },
  { key: 'early_reason', value_type: 'reason', moment: 'sign_out' },
  { key: 'stage', value_type: 'state', moment: 'visit' },
  { key: 'notes', value_type: 'text', moment: 'visit' },
] as const;
const BUILT_IN_TYPES = ['date_time', 'number', 'toggle', 'people', 'reason', 'state', 'text'] as const;

export const scanDataTypesSchema = z.object({
  type: z.literal('visit'),
  sources: z.array(
    z.object({ key: z.enum(SIGN_SOURCES), name: z.string(), sign_in: z.boolean(), sign_out: z.boolean() }),
  ),
  data: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      kind: z.enum(['built_in', 'custom_field']),
      /** A built-in kind of value, or the custom field's type. */
      value_type: z.union([z.enum(BUILT_IN_TYPES), z.enum(CUSTOM_FIELD_TYPES)]),
      moment: z.enum(SCAN_MOMENTS),
      custom_field_id: z.uuid().nullable(),
    }),
  ),
});
export type ScanDataTypes = z.infer<typeof scanDataTypesSchema>;
