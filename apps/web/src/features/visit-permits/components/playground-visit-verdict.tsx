import type { PermitCheck } from '@app/shared/visit-permits/schemas';

type Translate = (key: string, vars?: Record<string, string | number>) => string;
type Visit = NonNullable<PermitCheck['visit']>;

/** The verdict's title for a visit at the chosen site (decision 026). */
export const visitTitle = (visit: Visit, t: Translate) =>
  visit.allowed
    ? t('visit-permits:playground.visit_allowed', { site: visit.site.name })
    : t('visit-permits:playground.visit_refused', { site: visit.site.name });

/**
 * Why: the very message a sign-in, an expected visit or a pre-registration there would refuse with,
 * or why the visit may happen.
 */
export function visitText(visit: Visit, t: Translate) {
  if (visit.message) return visit.message;
  const typeName = visit.user_type?.name ?? '';
  if (!visit.user_type) return t('visit-permits:playground.visit_no_type');
  return visit.needs_permit
    ? t('visit-permits:playground.visit_permit_needed', { user_type: typeName })
    : t('visit-permits:playground.visit_no_permit_needed', { user_type: typeName });
}
