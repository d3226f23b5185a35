// The add/edit site form keeps the location flat (empty fields mean "no location") and turns it into
// the shared body schema's nested, all-or-none `location` when it is sent; its limits are sent as they
// stand, a cleared one as null.
import { siteBodySchema, siteLocationSchema, type Site } from '@app/shared/sites/schemas';
import type { SiteInput } from '../api/create-site';
import { zodFormErrors } from '@/lib/form-errors';
import {
  limitInputs,
  limitRange,
  placeLimitErrors,
  placeLimits,
  type LimitRange,
  type PlaceLimitValues,
} from './place-limits';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export type NumberField = number | '';

export type SiteFormValues = PlaceLimitValues & {
  name: string;
  latitude: NumberField;
  longitude: NumberField;
  radius: NumberField;
  location_name: string;
  zoom: NumberField;
};

export const DEFAULT_ZOOM = 15;
export const DEFAULT_RADIUS = 100;

export const siteFormValues = (site?: Site | null): SiteFormValues => ({
  name: site?.name ?? '',
  latitude: site?.location?.latitude ?? '',
  longitude: site?.location?.longitude ?? '',
  radius: site?.location?.radius ?? '',
  location_name: site?.location?.location_name ?? '',
  zoom: site?.location?.zoom ?? DEFAULT_ZOOM,
  ...limitInputs(site),
});

const toNumber = (value: number | string): number | undefined => (value === '' ? undefined : Number(value));

/** Whether the person started a location: any of its own fields filled (zoom alone has a default). */
export const hasLocation = (values: SiteFormValues): boolean =>
  values.latitude !== '' || values.longitude !== '' || values.radius !== '' || values.location_name.trim() !== '';

const locationInput = (values: SiteFormValues) => ({
  latitude: toNumber(values.latitude),
  longitude: toNumber(values.longitude),
  radius: toNumber(values.radius),
  location_name: values.location_name,
  zoom: toNumber(values.zoom) ?? DEFAULT_ZOOM,
});

export function siteBody(values: SiteFormValues): SiteInput {
  const name = values.name.trim();
  const limits = placeLimits(values);
  if (!hasLocation(values)) return { name, location: null, ...limits };
  const location = siteLocationSchema.parse(locationInput(values));
  return { name, location, ...limits };
}

/** Browser-side checks with the shared schemas, one translated message per flat form field. */
export function validateSiteForm(
  values: SiteFormValues,
  t: Translate,
  range: LimitRange = limitRange('en'),
): Record<string, string> {
  const errors = {
    ...zodFormErrors(siteBodySchema.pick({ name: true }), { name: values.name }, t),
    ...placeLimitErrors(values, range, t),
  };
  if (!hasLocation(values)) return errors;
  return { ...errors, ...zodFormErrors(siteLocationSchema, locationInput(values), t) };
}

/** The server names nested fields `location.latitude`; the form's fields are flat. */
export const flattenLocationErrors = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([name, message]) => [name.replace(/^location\./, ''), message]));
