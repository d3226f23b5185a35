// The visit-permit checker (/vp/playground, SPEC-NOTES): whether a person or a user type may visit
// at a moment, by which permit, and if not, why; with each permit's next windows.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { localDateTime, nextOccurrences, resolveLocal } from '@app/shared/visit-permits/recurrence';
import type { CheckedPermit, PermitCheck } from '@app/shared/visit-permits/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import { findSite } from '../sites/sites.repository';
import { findUserType } from '../user-types/user-types.repository';
import { findFlowForPerson } from '../visits/visit-flow';
import { permitsApplyingToPerson, permitsApplyingToUserType, type AppliedPermit } from './permit-assignments.service';
import { judgePermit, visitPermitRefusal, type VisitForPermit } from './permit-rule';
import { scheduleOfRow, scopeOf, todayOf, toPermitSummary } from './permit-view';
import { companyZone } from '../access/company-zone';
import { inTenant } from './visit-permits.service';
import { findPersonInScope, findUserTypeInScope } from './visit-permits.repository';

export type CheckInput = {
  person_id?: string;
  user_type_id?: string;
  site_id?: string;
  at?: string;
  date?: string;
  time?: string;
  occurrences: number;
};

/** The moment asked about: an instant, a date and time on the company's clock, or now. */
function momentOf(q: CheckInput, timeZone: string, now: number): { at: number; adjusted: boolean } {
  if (q.at) return { at: Date.parse(q.at), adjusted: false };
  if (q.date && q.time) return resolveLocal(q.date, q.time, timeZone);
  return { at: now, adjusted: false };
}

function evaluate(p: AppliedPermit, at: number, timeZone: string, today: string, count: number): CheckedPermit {
  const { verdict, allowed, reason } = judgePermit(p, at, timeZone);
  return {
    permit: toPermitSummary(p.row, today),
    sources: p.sources,
    status: p.status,
    schedule: { allowed: verdict.allowed, reason: verdict.reason },
    allowed,
    reason,
    next_occurrences: nextOccurrences(scheduleOfRow(p.row), at, timeZone, count),
  };
}

type VisitSubject = {
  site: { id: string; name: string };
  userType: { id: string; name: string; needsPermit: boolean } | null;
};

/**
 * The site and user type of a visit the checker is asked about: for a person, the type asked for (one of
 * theirs) or the one a sign-in at that site would use; for a user type, itself.
 */
async function visitSubjectOf(
  tx: Executor,
  ctx: AccessContext,
  q: CheckInput,
  subject: { kind: 'person' | 'user_type'; id: string },
): Promise<VisitSubject | null> {
  if (!q.site_id) return null;
  const found = await findSite(tx, ctx.entityId, ctx.siteIds, q.site_id);
  if (!found) throw new AppError('not_found', { field: 'site_id', messageKey: 'site_not_available' });
  const site = { id: found.site.id, name: found.site.name };
  if (subject.kind === 'user_type') {
    const type = await findUserType(tx, ctx.entityId, subject.id);
    return { site, userType: type && { id: type.row.id, name: type.row.name, needsPermit: type.row.visitsNeedPermit } };
  }
  const choice = await findFlowForPerson(tx, ctx.entityId, {
    personId: subject.id,
    siteId: site.id,
    userTypeId: q.user_type_id,
  });
  if (q.user_type_id && !choice.userTypes.some((u) => u.id === q.user_type_id))
    throw new AppError('rule_violation', { field: 'user_type_id', messageKey: 'visit_user_type_not_person' });
  return { site, userType: choice.userType };
}

export async function checkPermits(
  app: FastifyInstance,
  ctx: AccessContext,
  q: CheckInput,
  lang: Language = 'en',
  now = Date.now(),
): Promise<PermitCheck> {
  const timeZone = companyZone(ctx);
  const { at, adjusted } = momentOf(q, timeZone, now);
  const { subject, applied, visit } = await inTenant(app, ctx, async (tx) => {
    if (q.person_id) {
      const person = await findPersonInScope(tx, ctx.entityId, scopeOf(ctx), q.person_id);
      if (!person) throw new AppError('not_found');
      const subject = { kind: 'person' as const, id: person.id, name: `${person.firstName} ${person.lastName}`.trim() };
      return {
        subject,
        applied: await permitsApplyingToPerson(tx, ctx.entityId, person.id),
        visit: await visitSubjectOf(tx, ctx, q, subject),
      };
    }
    const type = await findUserTypeInScope(tx, ctx.entityId, scopeOf(ctx), q.user_type_id!);
    if (!type) throw new AppError('not_found');
    const subject = { kind: 'user_type' as const, id: type.id, name: type.name };
    return {
      subject,
      applied: await permitsApplyingToUserType(tx, ctx.entityId, type.id, type.name),
      visit: await visitSubjectOf(tx, ctx, q, subject),
    };
  });
  const today = todayOf(ctx, now);
  const permits = applied
    .map((p) => evaluate(p, at, timeZone, today, q.occurrences))
    // Those that let the visitor in first; otherwise in the order they came (by name).
    .sort((a, b) => Number(b.allowed) - Number(a.allowed));
  const local = localDateTime(at, timeZone);
  return {
    subject,
    at: new Date(at).toISOString(),
    timezone: timeZone,
    local_date: local.date,
    local_time: local.time,
    adjusted,
    allowed: permits.some((p) => p.allowed),
    allowed_by: permits.filter((p) => p.allowed).map((p) => ({ id: p.permit.id, name: p.permit.name })),
    permits,
    visit: visit && visitVerdict(visit, subject, applied, at, timeZone, lang),
  };
}

/** What a visit there would get: the same rule, on the same permits, as sign-in and expected visits. */
function visitVerdict(
  visit: VisitSubject,
  subject: { kind: 'person' | 'user_type'; id: string; name: string },
  applied: AppliedPermit[],
  at: number,
  timeZone: string,
  lang: Language,
): NonNullable<PermitCheck['visit']> {
  const asked: VisitForPermit = {
    personId: subject.kind === 'person' ? subject.id : null,
    personName: subject.name,
    userType: visit.userType,
    site: visit.site,
    at: new Date(at),
  };
  const refusal = visitPermitRefusal(asked, applied, timeZone);
  return {
    site: visit.site,
    user_type: visit.userType && { id: visit.userType.id, name: visit.userType.name },
    needs_permit: Boolean(visit.userType?.needsPermit),
    allowed: refusal === null,
    message: refusal ? t(lang, `errors:${refusal.key}`, refusal.vars) : null,
  };
}
