// The life of a visit (spec §3 Visit, §4 Journey stage, Visit lifecycle actions, Badge label,
// Pre-registration link expiry). Pure rules, shared by the server (which decides) and the browser
// (which shows what is possible before asking).
import type { RegistrationMethod } from '../user-types/schemas';

/**
 * Where a visit is:
 * - expected: pre-registered or added by an admin, not arrived yet;
 * - on_site: signed in (arrival), not signed out yet;
 * - left: signed out (departure);
 * - checked_in: arrived in a check-in-only area (no departure is recorded);
 * - cancelled: an expected visit that was deleted (kept so that its links can say so).
 */
export const VISIT_STATES = ['expected', 'on_site', 'left', 'checked_in', 'cancelled'] as const;
export type VisitState = (typeof VISIT_STATES)[number];

/** Spec §4 Journey stage, in the spec's order. */
export const JOURNEY_STAGES = [
  'compliance_pending',
  'compliance_failed',
  'ready_to_sign_in',
  'awaiting_approval',
  'awaiting_approval_compliance_failed',
  'rejected',
  'approved',
  'auto_approved',
] as const;
export type JourneyStage = (typeof JOURNEY_STAGES)[number];

/** Where the compliance of a visit stands: none asked, not answered yet, answered with a failure, or done. */
export type ComplianceProgress = 'none' | 'pending' | 'failed' | 'done';

/** Whether visits of a registration method wait for an admin's approval (spec §4 Registration methods). */
export const needsApproval = (method: RegistrationMethod): boolean => method === 'pre_registered_with_approval';

/**
 * The stage of an expected visit when it is made or its compliance changes (spec §4 Journey stage).
 * - A visit an admin added, or one whose type needs no approval, follows its compliance: a failed one
 *   is "compliance failed" (the sign-in refuses it until it is answered again and passes).
 * - A visit that needs approval waits for an admin, noting a failed compliance; it is auto-approved when
 *   its user type says so and nothing failed.
 * - A rejection stands. An approval stands unless the compliance failed after it: a failure after the
 *   admin's approval (or any failure, against the system's auto-approval) takes it back to "awaiting
 *   admin approval (compliance failed)" — or "compliance failed" where no approval applies — so nobody
 *   signs in on an approval given before the failure. When the failed answer is answered again and
 *   passes, the admin's earlier approval counts again.
 */
export function stageFor(input: {
  method: RegistrationMethod;
  autoApprove: boolean;
  addedByAdmin: boolean;
  compliance: ComplianceProgress;
  /** The stage so far, when the visit exists: an admin's decision is kept as above. */
  current?: JourneyStage | null;
  /** When an admin last approved or rejected the visit. */
  decidedAt?: Date | null;
  /** When the latest failed answer of a required compliance was given (compliance `failed`). */
  failedAt?: Date | null;
  /** Made for a day already full, the company asking for approval then (decision 054): an admin decides. */
  held?: boolean;
}): JourneyStage {
  const { current, compliance } = input;
  const held = input.held ?? false;
  const approvalApplies = held || (needsApproval(input.method) && !input.addedByAdmin);
  const failure: JourneyStage = approvalApplies ? 'awaiting_approval_compliance_failed' : 'compliance_failed';
  if (current === 'rejected') return current;
  if (current === 'approved' || current === 'auto_approved') {
    if (compliance !== 'failed') return current;
    const decided = current === 'approved' ? (input.decidedAt ?? null) : null;
    const failedAfter = !decided || !input.failedAt || input.failedAt.getTime() > decided.getTime();
    return failedAfter ? failure : current;
  }
  if (approvalApplies) {
    if (compliance === 'failed') return failure;
    // Answered again after a failure had taken an approval back: the approval counts again.
    if (current === 'awaiting_approval_compliance_failed' && input.decidedAt) return 'approved';
    if (input.autoApprove && !held) return 'auto_approved';
    return 'awaiting_approval';
  }
  if (compliance === 'pending') return 'compliance_pending';
  if (compliance === 'failed') return failure;
  return 'ready_to_sign_in';
}

/** Spec §4 Visit lifecycle actions. */
export const VISIT_DECISIONS = ['approve', 'reject', 'approve_rejected', 'reject_approved'] as const;
export type VisitDecision = (typeof VISIT_DECISIONS)[number];

const DECISIONS: Record<VisitDecision, { from: readonly JourneyStage[]; to: JourneyStage }> = {
  approve: { from: ['awaiting_approval', 'awaiting_approval_compliance_failed'], to: 'approved' },
  reject: { from: ['awaiting_approval', 'awaiting_approval_compliance_failed'], to: 'rejected' },
  approve_rejected: { from: ['rejected'], to: 'approved' },
  reject_approved: { from: ['approved', 'auto_approved'], to: 'rejected' },
};

/** The stage after an admin's decision, or null when the decision does not apply to the stage. */
export function decide(stage: JourneyStage | null, decision: VisitDecision): JourneyStage | null {
  const rule = DECISIONS[decision];
  return stage !== null && rule.from.includes(stage) ? rule.to : null;
}

/** The decisions an admin may take on a visit at a stage, for the screen's buttons. */
export const decisionsFor = (stage: JourneyStage | null): VisitDecision[] =>
  VISIT_DECISIONS.filter((d) => decide(stage, d) !== null);

/** Whether an expected visit at this stage may be signed in (a waiting or rejected one may not). */
export const mayArrive = (stage: JourneyStage | null): boolean =>
  stage === null ||
  !(['awaiting_approval', 'awaiting_approval_compliance_failed', 'rejected'] as JourneyStage[]).includes(stage);

export const LOGIN_MODES = ['signIn_signOut', 'checkIn_only'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

/**
 * Spec §4 Badge label: Sign out when the area signs in and out and the person is signed in; Sign in
 * when signed out; Check in for check-in-only areas.
 */
export type BadgeLabel = 'sign_out' | 'sign_in' | 'check_in';
export function badgeLabel(loginMode: LoginMode, signedIn: boolean): BadgeLabel {
  if (loginMode === 'checkIn_only') return 'check_in';
  return signedIn ? 'sign_out' : 'sign_in';
}

/** Spec §4 Pre-registration link expiry reasons; anything else means the visitor has already arrived. */
export const LINK_EXPIRY_REASONS = ['VISIT_REJECTED', 'VISIT_DELETED', 'VISIT_EXPIRED', 'SCAN_EXPIRED'] as const;
export type LinkExpiryReason = (typeof LINK_EXPIRY_REASONS)[number] | 'VISIT_ARRIVED';

/** What happened to visits, as the real-time event and the audit log name it. */
export const VISIT_ACTIONS = [
  'signed_in',
  'signed_out',
  'checked_in',
  'expected',
  'expected_changed',
  'deleted',
  'approved',
  'rejected',
  'confirmed',
  'compliance_answered',
  'notes_changed',
  'rated',
] as const;
export type VisitAction = (typeof VISIT_ACTIONS)[number];
