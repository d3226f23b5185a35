import type { FastifyInstance } from 'fastify';
import { applicableReasons, localMoment } from '@app/shared/attendance/applicable-reasons';
import {
  checkHoursKeepReasons,
  checkReasonRange,
  isReasonNameTaken,
  quoteNames,
  reasonEndTime,
  type ReasonRange,
  type ReasonType,
  type RuleProblem,
} from '@app/shared/attendance/reason-ranges';
import {
  ATTENDANCE_LIMITS,
  type ApplicableReasonsResponse,
  type AttendanceMode,
  type AttendanceModeBodyParsed,
  type AttendanceReason,
  type AttendanceReasonBodyParsed,
  type ListAttendanceModesQuery,
  type NameAvailability,
  type NameRef,
} from '@app/shared/attendance/schemas';
import type { Language } from '@app/shared/constants';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { writeAudit, writeAudits } from '../audit/audit.repository';
import {
  deleteMode,
  deleteReason,
  findMode,
  findModes,
  findReason,
  findReasons,
  findSites,
  insertMode,
  insertReason,
  isModeNameTaken,
  listModeJourneys,
  listModes,
  listModeSites,
  listReasons,
  listSiteOptions,
  lockMode,
  replaceModeSites,
  setAttendanceCodes,
  updateMode,
  updateReason,
  type ModeRow,
  type ReasonRow,
} from './attendance.repository';
import { inTenant } from '../access/in-tenant';
import { isUniqueViolation } from '../../lib/unique-violation';

const hhmm = (time: string) => time.slice(0, 5);

const toReason = (row: ReasonRow): AttendanceReason => {
  const start = hhmm(row.startTime);
  return {
    id: row.id,
    attendance_mode_id: row.attendanceModeId,
    name: row.name,
    type: row.type as ReasonType,
    start_time: start,
    end_time: reasonEndTime({ start_time: start, duration_minutes: row.durationMinutes }),
    duration_minutes: row.durationMinutes,
    attendance_code: row.attendanceCode,
  };
};

type ModeParts = { sites: NameRef[]; reasons: ReasonRow[]; journeys: NameRef[] };

const toMode = (row: ModeRow, parts: ModeParts): AttendanceMode => ({
  id: row.id,
  name: row.name,
  days: [...row.days].sort((a, b) => a - b),
  start_time: hhmm(row.startTime),
  end_time: hhmm(row.endTime),
  late_sign_in_minutes: row.lateSignInMinutes,
  early_sign_out_minutes: row.earlySignOutMinutes,
  sites: parts.sites,
  reasons: parts.reasons.map(toReason),
  journeys: parts.journeys,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Modes with their sites, reasons and journeys: three queries for any number of modes. */
async function withParts(tx: Executor, entityId: string, rows: ModeRow[]): Promise<AttendanceMode[]> {
  const ids = rows.map((r) => r.id);
  // One after the other: a transaction is one connection.
  const siteRows = await listModeSites(tx, entityId, ids);
  const reasonRows = await listReasons(tx, entityId, ids);
  const journeyRows = await listModeJourneys(tx, entityId, ids);
  return rows.map((row) =>
    toMode(row, {
      sites: siteRows.filter((s) => s.modeId === row.id).map(({ id, name }) => ({ id, name })),
      reasons: reasonRows.filter((r) => r.attendanceModeId === row.id),
      journeys: journeyRows.filter((j) => j.modeId === row.id).map(({ id, name }) => ({ id, name })),
    }),
  );
}

const ruleViolation = (problem: RuleProblem) =>
  new AppError('rule_violation', { field: problem.field, messageKey: problem.key, vars: problem.vars });

const modeNameTaken = () => new AppError('conflict', { field: 'name', messageKey: 'attendance_mode_name_taken' });
const reasonNameTaken = () => new AppError('conflict', { field: 'name', messageKey: 'attendance_reason_name_taken' });

/** Two admins saving the same name at once both pass the check; the unique index refuses the second. */
async function uniqueOr<T>(work: Promise<T>, taken: () => AppError): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** A mode of the company serving one of the actor's sites (spec §6); anything else is not found. */
async function mustFindMode(tx: Executor, ctx: AccessContext, id: string) {
  const row = await findMode(tx, ctx.entityId, ctx.siteIds, id);
  if (!row) throw new AppError('not_found');
  return row;
}

const inScope = (ctx: AccessContext, siteId: string) => ctx.siteIds === null || ctx.siteIds.includes(siteId);

/**
 * The sites a mode will serve: those given, which must be the company's and the actor's own (or
 * already on the mode), plus the mode's sites outside the actor's reach, which an admin cannot remove
 * (spec §6). At least one of the actor's sites stays, or the mode would drop out of their reach.
 */
async function resolveSites(
  tx: Executor,
  ctx: AccessContext,
  given: readonly string[],
  before: readonly string[] = [],
): Promise<string[]> {
  const wanted = [...new Set(given)];
  const kept = before.filter((id) => !inScope(ctx, id));
  const all = [...new Set([...wanted, ...kept])];
  const found = new Set((await findSites(tx, ctx.entityId, all)).map((s) => s.id));
  const available = (id: string) => found.has(id) && (inScope(ctx, id) || before.includes(id));
  if (!wanted.every(available)) {
    throw new AppError('rule_violation', { field: 'site_ids', messageKey: 'site_not_available' });
  }
  if (!wanted.some((id) => inScope(ctx, id))) {
    throw new AppError('rule_violation', {
      field: 'site_ids',
      messageKey: 'attendance_mode_site_in_scope_required',
    });
  }
  return all.filter((id) => found.has(id));
}

const modeColumns = (body: AttendanceModeBodyParsed) => ({
  name: body.name,
  days: body.days,
  startTime: body.start_time,
  endTime: body.end_time,
  lateSignInMinutes: body.late_sign_in_minutes,
  earlySignOutMinutes: body.early_sign_out_minutes,
});

async function loadMode(tx: Executor, ctx: AccessContext, id: string): Promise<AttendanceMode> {
  const [mode] = await withParts(tx, ctx.entityId, [await mustFindMode(tx, ctx, id)]);
  return mode!;
}

// ---- modes ----

export async function listCompanyModes(app: FastifyInstance, ctx: AccessContext, q: ListAttendanceModesQuery) {
  return inTenant(app, ctx, async (tx) => {
    const { rows, count } = await listModes(tx, ctx.entityId, ctx.siteIds, q);
    return { data: await withParts(tx, ctx.entityId, rows), count };
  });
}

export async function getMode(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, (tx) => loadMode(tx, ctx, id));
}

export async function checkModeName(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  q: { name: string; exclude_mode_id?: string },
): Promise<NameAvailability> {
  const taken = await inTenant(app, ctx, (tx) => isModeNameTaken(tx, ctx.entityId, q.name, q.exclude_mode_id));
  return { available: !taken, message: taken ? t(lang, 'errors:attendance_mode_name_taken') : null };
}

/** The sites the actor may give a mode. */
export async function getSiteOptions(app: FastifyInstance, ctx: AccessContext): Promise<NameRef[]> {
  return inTenant(app, ctx, (tx) => listSiteOptions(tx, ctx.entityId, ctx.siteIds));
}

export async function createMode(app: FastifyInstance, ctx: AccessContext, body: AttendanceModeBodyParsed) {
  return uniqueOr(
    inTenant(app, ctx, async (tx) => {
      if (await isModeNameTaken(tx, ctx.entityId, body.name)) throw modeNameTaken();
      const siteIds = await resolveSites(tx, ctx, body.site_ids);
      const row = await insertMode(tx, { entityId: ctx.entityId, id: newId(), ...modeColumns(body) });
      await replaceModeSites(tx, ctx.entityId, row.id, siteIds);
      const created = (await withParts(tx, ctx.entityId, [row]))[0]!;
      await writeAudit(tx, ctx, {
        action: 'attendance_mode.create',
        targetType: 'attendance_mode',
        targetId: row.id,
        after: created,
      });
      return created;
    }),
    modeNameTaken,
  );
}

export async function changeMode(app: FastifyInstance, ctx: AccessContext, id: string, body: AttendanceModeBodyParsed) {
  return uniqueOr(
    inTenant(app, ctx, async (tx) => {
      await lockMode(tx, ctx.entityId, id);
      const before = await loadMode(tx, ctx, id);
      if (await isModeNameTaken(tx, ctx.entityId, body.name, id)) throw modeNameTaken();
      const siteIds = await resolveSites(
        tx,
        ctx,
        body.site_ids,
        before.sites.map((s) => s.id),
      );
      // New hours must keep every reason inside; the message names those that would fall out.
      const outside = checkHoursKeepReasons(body, before.reasons);
      if (outside) throw ruleViolation(outside);
      const row = (await updateMode(tx, ctx.entityId, id, modeColumns(body)))!;
      await replaceModeSites(tx, ctx.entityId, id, siteIds);
      const after = (await withParts(tx, ctx.entityId, [row]))[0]!;
      await writeAudit(tx, ctx, {
        action: 'attendance_mode.update',
        targetType: 'attendance_mode',
        targetId: id,
        before,
        after,
      });
      return after;
    }),
    modeNameTaken,
  );
}

/** Deletes a mode with its reasons; a mode a journey flow uses is refused, naming the journeys. */
export async function removeMode(app: FastifyInstance, ctx: AccessContext, id: string) {
  await inTenant(app, ctx, async (tx) => {
    const before = await loadMode(tx, ctx, id);
    if (before.journeys.length > 0) {
      throw new AppError('rule_violation', {
        field: 'id',
        messageKey: 'attendance_mode_in_journeys',
        vars: { journeys: quoteNames(before.journeys.map((j) => j.name)), count: before.journeys.length },
      });
    }
    await deleteMode(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'attendance_mode.delete',
      targetType: 'attendance_mode',
      targetId: id,
      before,
    });
  });
}

// ---- reasons ----

export async function listModeReasons(app: FastifyInstance, ctx: AccessContext, modeId: string) {
  return inTenant(app, ctx, async (tx) => {
    await mustFindMode(tx, ctx, modeId);
    return { data: (await listReasons(tx, ctx.entityId, [modeId])).map(toReason) };
  });
}

export async function getReason(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const row = await findReason(tx, ctx.entityId, ctx.siteIds, id);
    if (!row) throw new AppError('not_found');
    return toReason(row);
  });
}

/** The rules a reason meets in its mode (spec §5): a free name, a range inside the hours, no overlap. */
async function assertReasonFits(
  tx: Executor,
  ctx: AccessContext,
  mode: ModeRow,
  body: AttendanceReasonBodyParsed,
  exceptId?: string,
) {
  const siblings: ReasonRange[] = (await listReasons(tx, ctx.entityId, [mode.id])).map(toReason);
  if (isReasonNameTaken(body.name, siblings, exceptId)) throw reasonNameTaken();
  if (!exceptId && siblings.length >= ATTENDANCE_LIMITS.reasonsPerModeMax) {
    throw new AppError('rule_violation', {
      field: 'attendance_mode_id',
      messageKey: 'attendance_reasons_full',
      vars: { max: ATTENDANCE_LIMITS.reasonsPerModeMax },
    });
  }
  const problem = checkReasonRange(
    { ...body, id: exceptId },
    { start_time: hhmm(mode.startTime), end_time: hhmm(mode.endTime) },
    siblings,
  );
  if (problem) throw ruleViolation(problem);
}

const reasonColumns = (body: AttendanceReasonBodyParsed) => ({
  name: body.name,
  type: body.type,
  startTime: body.start_time,
  durationMinutes: body.duration_minutes,
  attendanceCode: body.attendance_code,
});

export async function createReason(
  app: FastifyInstance,
  ctx: AccessContext,
  modeId: string,
  body: AttendanceReasonBodyParsed,
) {
  return uniqueOr(
    inTenant(app, ctx, async (tx) => {
      const mode = await mustFindMode(tx, ctx, modeId);
      await lockMode(tx, ctx.entityId, modeId);
      await assertReasonFits(tx, ctx, mode, body);
      const row = await insertReason(tx, {
        entityId: ctx.entityId,
        id: newId(),
        attendanceModeId: modeId,
        ...reasonColumns(body),
      });
      const created = toReason(row);
      await writeAudit(tx, ctx, {
        action: 'attendance_reason.create',
        targetType: 'attendance_reason',
        targetId: row.id,
        after: created,
      });
      return created;
    }),
    reasonNameTaken,
  );
}

export async function changeReason(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: AttendanceReasonBodyParsed,
) {
  return uniqueOr(
    inTenant(app, ctx, async (tx) => {
      const found = await findReason(tx, ctx.entityId, ctx.siteIds, id);
      if (!found) throw new AppError('not_found');
      await lockMode(tx, ctx.entityId, found.attendanceModeId);
      const mode = (await findMode(tx, ctx.entityId, null, found.attendanceModeId))!;
      await assertReasonFits(tx, ctx, mode, body, id);
      const after = toReason((await updateReason(tx, ctx.entityId, id, reasonColumns(body)))!);
      await writeAudit(tx, ctx, {
        action: 'attendance_reason.update',
        targetType: 'attendance_reason',
        targetId: id,
        before: toReason(found),
        after,
      });
      return after;
    }),
    reasonNameTaken,
  );
}

export async function removeReason(app: FastifyInstance, ctx: AccessContext, id: string) {
  await inTenant(app, ctx, async (tx) => {
    const found = await findReason(tx, ctx.entityId, ctx.siteIds, id);
    if (!found) throw new AppError('not_found');
    await deleteReason(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'attendance_reason.delete',
      targetType: 'attendance_reason',
      targetId: id,
      before: toReason(found),
    });
  });
}

/**
 * Spec attendance_codes/bulk-update: one attendance code (or none) for several reasons. All or
 * nothing: a reason that is not the company's, or whose mode is outside the actor's sites, refuses
 * the whole change.
 */
export async function setReasonCodes(
  app: FastifyInstance,
  ctx: AccessContext,
  body: { reason_ids: string[]; attendance_code: string | null },
) {
  return inTenant(app, ctx, async (tx) => {
    const found = await findReasons(tx, ctx.entityId, ctx.siteIds, body.reason_ids);
    if (found.length !== body.reason_ids.length) {
      throw new AppError('not_found', { field: 'reason_ids', messageKey: 'attendance_reason_not_found' });
    }
    const updated = await setAttendanceCodes(tx, ctx.entityId, body.reason_ids, body.attendance_code);
    await writeAudits(
      tx,
      ctx,
      found
        .filter((r) => r.attendanceCode !== body.attendance_code)
        .map((r) => ({
          action: 'attendance_reason.update',
          targetType: 'attendance_reason',
          targetId: r.id,
          before: { attendance_code: r.attendanceCode },
          after: { attendance_code: body.attendance_code },
        })),
    );
    return { updated };
  });
}

// ---- which reasons apply ----

/**
 * Spec get_reasons_should_check_in_visit (§4 "Attendance reasons"): for a person's modes, an action
 * and a moment (now by default), the reasons to ask, read on the company's wall clock.
 */
export async function getApplicableReasons(
  app: FastifyInstance,
  ctx: AccessContext,
  q: { attendance_mode_ids: string[]; action: 'sign_in' | 'sign_out'; at?: string },
): Promise<ApplicableReasonsResponse> {
  const ids = [...new Set(q.attendance_mode_ids)];
  const modes = await inTenant(app, ctx, async (tx) => {
    const rows = await findModes(tx, ctx.entityId, ctx.siteIds, ids);
    if (rows.length !== ids.length) {
      throw new AppError('not_found', { field: 'attendance_mode_ids', messageKey: 'attendance_mode_not_found' });
    }
    return withParts(tx, ctx.entityId, rows);
  });
  const timezone = companyZone(ctx);
  const local = localMoment(q.at ? new Date(q.at) : new Date(), timezone);
  const result = applicableReasons(modes, q.action, local);
  const modeName = new Map(modes.map((m) => [m.id, m.name]));
  return {
    local: { ...local, timezone },
    type: result.type,
    reasons: result.reasons.map((r) => ({ ...r, attendance_mode_name: modeName.get(r.attendance_mode_id) ?? '' })),
    preselected_id: result.preselected_id,
    choose: result.reasons.length > 1,
  };
}
