import type { LoginResult } from '@app/shared/auth/schemas';
import type { StoredSession } from './session';

/** Whether the company makes two-step authentication compulsory for this person's role (spec §6). */
export const isTwoStepRequired = (session: Pick<LoginResult, 'entity' | 'role'>): boolean =>
  session.entity.two_step_enabled && session.entity.otp_roles.includes(session.role.id);

/**
 * Whether the policy asks this person to enrol now: it covers their role and they have not enabled
 * two-step yet (spec §4 "Two-step authentication").
 */
export function needsTwoStepEnrolment(session: StoredSession): boolean {
  if (session.user.is_otp_enabled) return false;
  return session.otp_enrolment_required || isTwoStepRequired(session);
}
