// The dashboard's calls for a passport's holder (decision 047): their visits across companies, and
// signing in and out from their phone inside a site's geofence on a remote journey (spec §3 Site
// location with radius, Journey remote flag; §7 GET /journeys/remote/{id}, areas_by_site is_remote=1).
// The caller is named by a holder token from the passport (`Authorization: Bearer …`).
import { z } from 'zod';
import { JOURNEY_STAGES, VISIT_STATES } from '../visits/stages';

/** The phone's position, as the browser's geolocation gives it; trusted for the moment of one call. */
export const positionSchema = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  /** The radius of the browser's uncertainty, in metres. */
  accuracy: z.coerce.number().min(0).max(100_000),
});
export type Position = z.infer<typeof positionSchema>;

const companySchema = z.object({ id: z.string(), name: z.string(), logo_url: z.string().nullable() });

export const holderVisitSchema = z.object({
  id: z.string(),
  company: companySchema,
  site: z.object({ id: z.string(), name: z.string() }),
  area: z.object({ id: z.string(), name: z.string() }),
  state: z.enum(VISIT_STATES),
  stage: z.enum(JOURNEY_STAGES).nullable(),
  expected_at: z.string().nullable(),
  signed_in_at: z.string().nullable(),
  signed_out_at: z.string().nullable(),
  /** The company's clock, for showing the times as the site reads them. */
  timezone: z.string(),
  /** The pre-registration link still to be confirmed (its id), or null. */
  confirm_link: z.string().nullable(),
});
export type HolderVisit = z.infer<typeof holderVisitSchema>;

export const holderVisitsResponse = z.object({
  /** Expected visits from today on, soonest first. */
  upcoming: z.array(holderVisitSchema),
  /** On site now, then the latest visits, newest first. */
  recent: z.array(holderVisitSchema),
});
export type HolderVisitsResponse = z.infer<typeof holderVisitsResponse>;

export const holderPlaceSchema = z.object({
  company: companySchema,
  site: z.object({ id: z.string(), name: z.string(), location_name: z.string().nullable() }),
  /** From the phone to the site's centre, in whole metres. */
  distance: z.number().int(),
  radius: z.number().int(),
  /** Within the radius, with a position at least as exact as the radius. */
  inside: z.boolean(),
  /** The position is too rough to tell (its accuracy is wider than the radius). */
  inexact: z.boolean(),
  /** The areas one signs in at from the phone (areas_by_site is_remote=1). */
  areas: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The holder's remote journeys here, one per user type of theirs with one. */
  journeys: z.array(z.object({ id: z.string(), name: z.string(), user_type_id: z.string(), user_type: z.string() })),
  /** The holder's visit on site here now, which the phone can end. */
  on_site: z.object({ visit_id: z.string(), area: z.string(), signed_in_at: z.string() }).nullable(),
  /** The company's clock, for showing the times as the site reads them. */
  timezone: z.string(),
});
export type HolderPlace = z.infer<typeof holderPlaceSchema>;

export const holderPlacesQuery = positionSchema;
export const holderPlacesResponse = z.object({ places: z.array(holderPlaceSchema) });
export type HolderPlacesResponse = z.infer<typeof holderPlacesResponse>;

export const holderSignInBody = z.object({
  company_id: z.uuid(),
  area_id: z.uuid(),
  user_type_id: z.uuid(),
  position: positionSchema,
});
export type HolderSignInBody = z.infer<typeof holderSignInBody>;

export const holderSignOutBody = z.object({
  company_id: z.uuid(),
  visit_id: z.uuid(),
  position: positionSchema,
});
export type HolderSignOutBody = z.infer<typeof holderSignOutBody>;

export const holderActionResponse = z.object({ message: z.string(), visit: holderVisitSchema });
export type HolderActionResponse = z.infer<typeof holderActionResponse>;
