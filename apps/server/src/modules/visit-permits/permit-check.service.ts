// The visit-permit checker (/vp/playground, SPEC-NOTES): whether a person or a user type may visit
// at a moment, by which permit, and if not, why; with each permit's next windows.
import type { FastifyInstance } from 'fastify';
import { checkSchedule, localDateTime, nextOccurrences, resolveLocal } from '@app/shared/visit-permits/recurrence';
import type { CheckedPermit, PermitCheck } from '@app/shared/visit-permits/schemas';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { permitsApplyingToPerson, permitsApplyingToUserType, type AppliedPermit } from './permit-assignments.service';
import { scheduleOfRow, scopeOf, todayOf, toPermitSummary } from './permit-view';
import { companyZone } from '../access/company-zone';
import { inTenant } from './visit-permits.service';
import { findPersonInScope, findUserTypeInScope } from './visit-permits.repository';

export type CheckInput = {
  person_id?: string;
  user_type_id?: string;
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
  const schedule = scheduleOfRow(p.row);
  const verdict = checkSchedule(schedule, at, timeZone);
  const active = p.status === 'active';
  return {
    permit: toPermitSummary(p.row, today),
    sources: p.sources,
    status: p.status,
    schedule: { allowed: verdict.allowed, reason: verdict.reason },
    allowed: active && verdict.allowed,
    reason: active ? verdict.reason : 'suspended',
    next_occurrences: nextOccurrences(schedule, at, timeZone, count),
  };
}

export async function checkPermits(
  app: FastifyInstance,
  ctx: AccessContext,
  q: CheckInput,
  now = Date.now(),
): Promise<PermitCheck> {
  const timeZone = companyZone(ctx);
  const { at, adjusted } = momentOf(q, timeZone, now);
  const { subject, applied } = await inTenant(app, ctx, async (tx) => {
    if (q.person_id) {
      const person = await findPersonInScope(tx, ctx.entityId, scopeOf(ctx), q.person_id);
      if (!person) throw new AppError('not_found');
      return {
        subject: { kind: 'person' as const, id: person.id, name: `${person.firstName} ${person.lastName}`.trim() },
        applied: await permitsApplyingToPerson(tx, ctx.entityId, person.id),
      };
    }
    const type = await findUserTypeInScope(tx, ctx.entityId, scopeOf(ctx), q.user_type_id!);
    if (!type) throw new AppError('not_found');
    return {
      subject: { kind: 'user_type' as const, id: type.id, name: type.name },
      applied: await permitsApplyingToUserType(tx, ctx.entityId, type.id, type.name),
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
  };
}
