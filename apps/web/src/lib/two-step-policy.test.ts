import { describe, expect, it } from 'vitest';
import { makeSession } from '@/lib/session.fixture';
import { isTwoStepRequired, needsTwoStepEnrolment } from './two-step-policy';

const session = (opts: { enabled: boolean; roles: string[]; otp: boolean; required?: boolean }) =>
  makeSession({
    entity: { two_step_enabled: opts.enabled, otp_roles: opts.roles },
    user: { is_otp_enabled: opts.otp },
    otp_enrolment_required: opts.required ?? false,
  });
const ROLE = makeSession().role.id;

describe('needsTwoStepEnrolment', () => {
  it('is true when the policy covers the role and two-step is off', () => {
    expect(needsTwoStepEnrolment(session({ enabled: true, roles: [ROLE], otp: false }))).toBe(true);
  });

  it('follows the server flag', () => {
    expect(needsTwoStepEnrolment(session({ enabled: false, roles: [], otp: false, required: true }))).toBe(true);
  });

  it('is false once two-step is on, when the policy is off, or for other roles', () => {
    expect(needsTwoStepEnrolment(session({ enabled: true, roles: [ROLE], otp: true, required: true }))).toBe(false);
    expect(needsTwoStepEnrolment(session({ enabled: false, roles: [ROLE], otp: false }))).toBe(false);
    expect(needsTwoStepEnrolment(session({ enabled: true, roles: ['other'], otp: false }))).toBe(false);
  });
});

describe('isTwoStepRequired', () => {
  const session = makeSession();
  const roleId = session.role.id;

  it('is required when the company turned it on for the role', () => {
    expect(isTwoStepRequired(makeSession({ entity: { two_step_enabled: true, otp_roles: [roleId] } }))).toBe(true);
  });

  it('is optional for other roles or when the company turned it off', () => {
    expect(isTwoStepRequired(makeSession({ entity: { two_step_enabled: true, otp_roles: [] } }))).toBe(false);
    expect(isTwoStepRequired(makeSession({ entity: { two_step_enabled: false, otp_roles: [roleId] } }))).toBe(false);
  });
});
