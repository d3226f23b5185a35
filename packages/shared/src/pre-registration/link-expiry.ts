// Spec §4 "Pre-registration link expiry" as one pure rule: the server answers with it and the pages
// show the message it names. See docs/decisions/014-link-expiry.md.
import { LINK_EXPIRY_REASONS, type LinkExpiryReason, type VisitState } from '../visits/stages';

/** Why a visit's link no longer works: the spec's reasons, "already arrived", "already confirmed", unknown. */
export const LINK_STATES = [...LINK_EXPIRY_REASONS, 'VISIT_ARRIVED', 'VISIT_CONFIRMED', 'LINK_INVALID'] as const;
export type LinkExpiry = LinkExpiryReason | 'VISIT_CONFIRMED' | 'LINK_INVALID';

/**
 * How a link is opened: to confirm the visit (`/pre-registration/{token}`), for online compliance, or
 * as the visit's pass (`/pre-registration/{token}/success`: its QR and where it stands). The pass works
 * as long as the compliance link does: until the visitor arrives, misses the visit, or it is rejected
 * or deleted.
 */
export type LinkMode = 'confirm' | 'compliance' | 'pass';

/** Sign-outs the system made on its own: the visitor's sign-in (scan) ran out rather than being ended by them. */
export const SYSTEM_SIGN_OUTS = ['auto_24h', 'auto_midnight', 'area_mode_change'] as const;

export type LinkVisit = {
  state: VisitState;
  stage: string | null;
  expectedAt: Date | null;
  confirmedAt: Date | null;
  signOutSource: string | null;
  /** The user type's visit grace period (spec §3 User type), at least 30 minutes. */
  gracePeriodMinutes: number;
};

/**
 * Whether a visit's link still works at `now`, and if not why:
 * - deleted (cancelled) → VISIT_DELETED; rejected by an admin → VISIT_REJECTED;
 * - arrived: VISIT_ARRIVED, or SCAN_EXPIRED when the system ended the visit's sign-in (auto sign-out);
 * - still expected, but the expected time plus the grace period has passed → VISIT_EXPIRED;
 * - a confirmation link of a visit already confirmed → VISIT_CONFIRMED (the compliance link still works).
 */
export function linkExpiry(visit: LinkVisit, mode: LinkMode, now: Date): LinkExpiry | null {
  if (visit.state === 'cancelled') return 'VISIT_DELETED';
  if (visit.state !== 'expected') {
    return visit.signOutSource && (SYSTEM_SIGN_OUTS as readonly string[]).includes(visit.signOutSource)
      ? 'SCAN_EXPIRED'
      : 'VISIT_ARRIVED';
  }
  if (visit.stage === 'rejected') return 'VISIT_REJECTED';
  if (visit.expectedAt && now.getTime() > visit.expectedAt.getTime() + visit.gracePeriodMinutes * 60_000) {
    return 'VISIT_EXPIRED';
  }
  if (mode === 'confirm' && visit.confirmedAt) return 'VISIT_CONFIRMED';
  return null;
}

/** The message key (errors namespace) a page shows for an expired link, by how it was opened. */
export function linkExpiryMessageKey(reason: LinkExpiry, mode: LinkMode): string {
  const part = reason.toLowerCase();
  if (reason === 'LINK_INVALID' || mode === 'confirm') return `pre_registration_expired.${part}`;
  return mode === 'pass' ? `pre_registration_pass_expired.${part}` : `pre_registration_compliance_expired.${part}`;
}
