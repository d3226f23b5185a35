import { z } from 'zod';
import { placeLimitSchema } from '../capacity/schemas';
import { LANGUAGES } from '../constants';
import { pageQuery } from '../http/paging';

export const LOGIN_MODES = ['signIn_signOut', 'checkIn_only'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

const name = z.string().trim().min(2).max(50);

/** A site's place and geofence (spec §3 Site: lat, long, radius, location name, zoom). All or none. */
export const siteLocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  radius: z.number().int().min(10).max(100_000),
  location_name: z.string().trim().max(200).default(''),
  zoom: z.number().int().min(1).max(22).default(15),
});
export type SiteLocation = z.infer<typeof siteLocationSchema>;

/**
 * A place's limits (issue 29, decision 054): people on site at once, and visitors in a day. Left out of
 * a change, a limit stays as it was; null removes it.
 */
const placeLimits = {
  capacity: placeLimitSchema.optional(),
  daily_visitor_limit: placeLimitSchema.optional(),
};

export const siteBodySchema = z.object({
  name,
  location: siteLocationSchema.nullable().default(null),
  ...placeLimits,
});
export type SiteBody = z.infer<typeof siteBodySchema>;

export const siteSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  location: siteLocationSchema.nullable(),
  capacity: z.number().int().nullable(),
  daily_visitor_limit: z.number().int().nullable(),
  area_count: z.number().int(),
  created_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const SITE_SORT_FIELDS = ['name', 'created_at', 'area_count'] as const;
export const listSitesQuerySchema = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  sortField: z.enum(SITE_SORT_FIELDS).default('name'),
  orderBy: z.enum(['asc', 'desc']).default('asc'),
});
export type ListSitesQuery = z.infer<typeof listSitesQuerySchema>;

/** Spec §4 "Auto sign-out modes": people still signed in leave 24 hours later, or at midnight (company clock). */
export const AUTO_SIGN_OUT_MODES = ['after_24h', 'midnight'] as const;
export type AutoSignOut = (typeof AUTO_SIGN_OUT_MODES)[number];

export const areaBodySchema = z.object({
  site_id: z.uuid(),
  name,
  login_mode: z.enum(LOGIN_MODES).default('signIn_signOut'),
  auto_sign_out: z.enum(AUTO_SIGN_OUT_MODES).default('after_24h'),
  status: z.boolean().default(true),
  ...placeLimits,
});
/** Changing an area: auto_sign_out left out keeps the area's. */
export const updateAreaBodySchema = areaBodySchema
  .omit({ site_id: true })
  .extend({ auto_sign_out: z.enum(AUTO_SIGN_OUT_MODES).optional() });
export const moveAreaBodySchema = z.object({ site_id: z.uuid() });

export const areaSchema = z.object({
  id: z.uuid(),
  site_id: z.uuid(),
  name: z.string(),
  login_mode: z.enum(LOGIN_MODES),
  auto_sign_out: z.enum(AUTO_SIGN_OUT_MODES),
  status: z.boolean(),
  capacity: z.number().int().nullable(),
  daily_visitor_limit: z.number().int().nullable(),
});
export type Area = z.infer<typeof areaSchema>;

/** A kiosk as the site tree lists it under its area. */
export const treeKioskSchema = z.object({ id: z.uuid(), name: z.string(), online: z.boolean() });
export type TreeKiosk = z.infer<typeof treeKioskSchema>;

/** A door as the site tree lists it under its area (kiosk_id: the kiosk whose relay opens it). */
export const treeDoorSchema = z.object({ id: z.uuid(), name: z.string(), kiosk_id: z.uuid().nullable() });
export type TreeDoor = z.infer<typeof treeDoorSchema>;

/** The site → area tree; nodes carry value and text (spec §3 Site); each area lists its kiosks and doors. */
export const siteTreeSchema = z.array(
  z.object({
    value: z.uuid(),
    text: z.string(),
    children: z.array(
      areaSchema.extend({
        value: z.uuid(),
        text: z.string(),
        kiosks: z.array(treeKioskSchema),
        doors: z.array(treeDoorSchema),
      }),
    ),
  }),
);
export type SiteTree = z.infer<typeof siteTreeSchema>;

/**
 * GET /areas/{id}/kiosk-setup (spec GET /generate_exe/{id}): the area's kiosk setup sheet as a PDF, in
 * `lang` (the caller's language by default).
 */
export const kioskSetupQuerySchema = z.strictObject({ lang: z.enum(LANGUAGES).optional() });
export type KioskSetupQuery = z.infer<typeof kioskSetupQuerySchema>;
