// What the add-expected-visitor form reads besides the visit itself (spec §7 Pre-registration calls used
// by the admin: get_custom_fields_to_expected_visit, /api/hosts/settings, /host/search, /users/search),
// served under the dashboard permission that guards expected visits, so an admin who may add visits
// can fill the form without access to the sites, user types or users screens.
import { z } from 'zod';
import { hostQueryReady, hostSettingsSchema } from '../pre-registration/schemas';
import { PROFILE_FIELDS, REGISTRATION_METHODS } from '../user-types/schemas';

const ref = z.object({ id: z.uuid(), name: z.string() });

/** GET /expected-visits/options: the company's clock, the sites with their active areas and the user types in the caller's scope. */
export const expectedVisitOptionsSchema = z.object({
  timezone: z.string(),
  sites: z.array(ref.extend({ areas: z.array(ref) })),
  user_types: z.array(
    ref.extend({
      registration_method: z.enum(REGISTRATION_METHODS),
      mandatory_profile_data: z.array(z.enum(PROFILE_FIELDS)),
    }),
  ),
});
export type ExpectedVisitOptions = z.infer<typeof expectedVisitOptionsSchema>;

/** GET /expected-visits/host-settings: the host settings of the flow a user type follows at a site. */
export const expectedVisitHostSettingsQuerySchema = z.object({ user_type_id: z.uuid(), site_id: z.uuid() });
export const expectedVisitHostSettingsSchema = hostSettingsSchema;

/** POST /expected-visits/hosts/search: spec §5, after a first name and two letters of the second. */
export const expectedVisitHostSearchBodySchema = z.object({
  user_type_id: z.uuid().optional(),
  site_id: z.uuid().optional(),
  query: z.string().trim().max(100).refine(hostQueryReady, { message: 'pre_registration_host_query_short' }),
});
export type ExpectedVisitHostSearchBody = z.input<typeof expectedVisitHostSearchBodySchema>;
export const expectedVisitHostSearchResultSchema = z.object({
  /** The email tells two hosts of one name apart. */
  data: z.array(z.object({ id: z.uuid(), full_name: z.string(), email: z.string().nullable() })),
});

/** Searching people starts at two characters: one would list half the company. */
export const VISITOR_SEARCH_MIN = 2;

/** POST /expected-visits/people/search: active people in the caller's scope, for an existing visitor. */
export const expectedVisitPeopleSearchBodySchema = z.object({
  query: z.string().trim().min(VISITOR_SEARCH_MIN).max(100),
});
export const expectedVisitPersonOptionSchema = z.object({
  id: z.uuid(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  company_name: z.string().nullable(),
  user_types: z.array(ref),
});
export type ExpectedVisitPersonOption = z.infer<typeof expectedVisitPersonOptionSchema>;
export const expectedVisitPeopleSearchResultSchema = z.object({ data: z.array(expectedVisitPersonOptionSchema) });
