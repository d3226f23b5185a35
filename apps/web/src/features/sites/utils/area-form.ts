// The add/edit area form: its fields as typed, the body sent, and the checks made before sending.
import {
  areaBodySchema,
  updateAreaBodySchema,
  type Area,
  type AutoSignOut,
  type LoginMode,
} from '@app/shared/sites/schemas';
import { zodFormErrors } from '@/lib/form-errors';
import type { AreaInput } from '../api/create-area';
import { limitInputs, placeLimitErrors, placeLimits, type LimitRange, type PlaceLimitValues } from './place-limits';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export type AreaFormValues = PlaceLimitValues & {
  name: string;
  login_mode: LoginMode;
  auto_sign_out: AutoSignOut;
  status: boolean;
};

export const areaFormValues = (area?: Area | null): AreaFormValues => ({
  name: area?.name ?? '',
  login_mode: area?.login_mode ?? 'signIn_signOut',
  auto_sign_out: area?.auto_sign_out ?? 'after_24h',
  status: area?.status ?? true,
  ...limitInputs(area),
});

/** Check-ins keep nobody on site: only an area people sign in to and out of takes a capacity. */
export const takesCapacity = (mode: LoginMode): boolean => mode !== 'checkIn_only';

/** What is sent: a check-in-only area's capacity as null (the server refuses one there). */
export const areaBody = (values: AreaFormValues): Omit<AreaInput, 'site_id'> => ({
  name: values.name.trim(),
  login_mode: values.login_mode,
  auto_sign_out: values.auto_sign_out,
  status: values.status,
  ...placeLimits(values, takesCapacity(values.login_mode)),
});

/** Browser-side checks, one translated message per field; `siteId` for a new area. */
export function validateAreaForm(
  values: AreaFormValues,
  t: Translate,
  range: LimitRange,
  siteId?: string,
): Record<string, string> {
  const { capacity: _capacity, daily_visitor_limit: _daily, ...rest } = values;
  return {
    ...(siteId === undefined
      ? zodFormErrors(updateAreaBodySchema, rest, t)
      : zodFormErrors(areaBodySchema, { ...rest, site_id: siteId }, t)),
    ...placeLimitErrors(values, range, t, takesCapacity(values.login_mode)),
  };
}
