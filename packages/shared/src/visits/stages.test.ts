import { describe, expect, it } from 'vitest';
import {
  badgeLabel,
  decide,
  decisionsFor,
  JOURNEY_STAGES,
  mayArrive,
  needsApproval,
  stageFor,
  VISIT_DECISIONS,
  type JourneyStage,
} from './stages';

describe('stageFor', () => {
  const base = { method: 'registration_allowed' as const, autoApprove: false, addedByAdmin: false };

  it('follows the compliance when no approval is needed', () => {
    expect(stageFor({ ...base, compliance: 'none' })).toBe('ready_to_sign_in');
    expect(stageFor({ ...base, compliance: 'done' })).toBe('ready_to_sign_in');
    expect(stageFor({ ...base, compliance: 'pending' })).toBe('compliance_pending');
    expect(stageFor({ ...base, compliance: 'failed' })).toBe('compliance_failed');
  });

  it('waits for an admin when the user type needs approval, noting a failed compliance', () => {
    const method = 'pre_registered_with_approval' as const;
    expect(stageFor({ ...base, method, compliance: 'done' })).toBe('awaiting_approval');
    expect(stageFor({ ...base, method, compliance: 'pending' })).toBe('awaiting_approval');
    expect(stageFor({ ...base, method, compliance: 'failed' })).toBe('awaiting_approval_compliance_failed');
  });

  it('auto-approves when the user type says so, and an admin-added visit needs no approval', () => {
    const method = 'pre_registered_with_approval' as const;
    expect(stageFor({ ...base, method, autoApprove: true, compliance: 'done' })).toBe('auto_approved');
    // The system approves only what passed: a failed compliance waits for an admin.
    expect(stageFor({ ...base, method, autoApprove: true, compliance: 'failed' })).toBe(
      'awaiting_approval_compliance_failed',
    );
    expect(stageFor({ ...base, method, addedByAdmin: true, compliance: 'pending' })).toBe('compliance_pending');
  });

  it('holds a visit made for a day already full for an admin, whoever added it, without auto-approval', () => {
    expect(stageFor({ ...base, compliance: 'done', held: true })).toBe('awaiting_approval');
    expect(stageFor({ ...base, addedByAdmin: true, compliance: 'none', held: true })).toBe('awaiting_approval');
    const method = 'pre_registered_with_approval' as const;
    expect(stageFor({ ...base, method, autoApprove: true, compliance: 'done', held: true })).toBe('awaiting_approval');
    // Once an admin approved it, it stays approved.
    expect(stageFor({ ...base, compliance: 'done', held: true, current: 'approved' })).toBe('approved');
  });

  it('keeps a rejection whatever the compliance does', () => {
    expect(
      stageFor({ ...base, method: 'pre_registered_with_approval', compliance: 'failed', current: 'rejected' }),
    ).toBe('rejected');
    expect(stageFor({ ...base, compliance: 'done', current: 'compliance_pending' })).toBe('ready_to_sign_in');
  });

  it('takes an approval back when the compliance fails after it (spec §4: awaiting approval, compliance failed)', () => {
    const method = 'pre_registered_with_approval' as const;
    const decidedAt = new Date('2026-11-20T10:00:00Z');
    const later = new Date('2026-11-20T11:00:00Z');
    const earlier = new Date('2026-11-20T09:00:00Z');
    const approved = { ...base, method, current: 'approved' as const, decidedAt };
    expect(stageFor({ ...approved, compliance: 'done' })).toBe('approved');
    expect(stageFor({ ...approved, compliance: 'failed', failedAt: later })).toBe(
      'awaiting_approval_compliance_failed',
    );
    // Approved again after the failure: the admin saw it, the approval stands.
    expect(stageFor({ ...approved, compliance: 'failed', failedAt: earlier })).toBe('approved');
    // The system's approval never covers a failure.
    expect(stageFor({ ...base, method, autoApprove: true, current: 'auto_approved', compliance: 'failed' })).toBe(
      'awaiting_approval_compliance_failed',
    );
    // Answered again and passed: the earlier approval counts again.
    expect(
      stageFor({ ...base, method, current: 'awaiting_approval_compliance_failed', decidedAt, compliance: 'done' }),
    ).toBe('approved');
    expect(stageFor({ ...base, method, current: 'awaiting_approval_compliance_failed', compliance: 'done' })).toBe(
      'awaiting_approval',
    );
  });

  it('fails an approved visit that needs no approval to "compliance failed"', () => {
    expect(
      stageFor({ ...base, current: 'approved', decidedAt: new Date(0), failedAt: new Date(1), compliance: 'failed' }),
    ).toBe('compliance_failed');
  });

  it('needs approval only for the pre-registered-with-approval method', () => {
    expect(needsApproval('pre_registered_with_approval')).toBe(true);
    for (const m of [
      'registration_allowed',
      'pre_registered_by_admin',
      'pre_registered_only',
      'registration_not_required',
    ] as const) {
      expect(needsApproval(m)).toBe(false);
    }
  });
});

describe('admin decisions (spec §4 Visit lifecycle actions)', () => {
  it('approves or rejects a waiting visit', () => {
    expect(decide('awaiting_approval', 'approve')).toBe('approved');
    expect(decide('awaiting_approval_compliance_failed', 'reject')).toBe('rejected');
  });

  it('approves a rejected visit and rejects an approved one', () => {
    expect(decide('rejected', 'approve_rejected')).toBe('approved');
    expect(decide('approved', 'reject_approved')).toBe('rejected');
    expect(decide('auto_approved', 'reject_approved')).toBe('rejected');
  });

  it('refuses a decision that does not apply', () => {
    expect(decide('ready_to_sign_in', 'approve')).toBeNull();
    expect(decide('approved', 'approve')).toBeNull();
    expect(decide(null, 'reject')).toBeNull();
  });

  it('offers exactly the decisions that apply at each stage', () => {
    for (const stage of [...JOURNEY_STAGES, null] as (JourneyStage | null)[]) {
      const offered = decisionsFor(stage);
      for (const d of VISIT_DECISIONS) expect(offered.includes(d)).toBe(decide(stage, d) !== null);
    }
    expect(decisionsFor('awaiting_approval')).toEqual(['approve', 'reject']);
    expect(decisionsFor('ready_to_sign_in')).toEqual([]);
  });
});

describe('mayArrive', () => {
  it('lets a visit arrive unless it waits for approval or was rejected', () => {
    const blocked: JourneyStage[] = ['awaiting_approval', 'awaiting_approval_compliance_failed', 'rejected'];
    for (const stage of JOURNEY_STAGES) expect(mayArrive(stage)).toBe(!blocked.includes(stage));
    expect(mayArrive(null)).toBe(true);
  });
});

describe('badgeLabel (spec §4 Badge label)', () => {
  it('says sign out to someone signed in, sign in to someone out, check in for check-in-only areas', () => {
    expect(badgeLabel('signIn_signOut', true)).toBe('sign_out');
    expect(badgeLabel('signIn_signOut', false)).toBe('sign_in');
    expect(badgeLabel('checkIn_only', false)).toBe('check_in');
    expect(badgeLabel('checkIn_only', true)).toBe('check_in');
  });
});
