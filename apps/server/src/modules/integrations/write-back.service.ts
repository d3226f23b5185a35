import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { attendanceCodeEditSchema, scansQuerySchema } from '@app/shared/integrations/schemas';
import { sqlArray, type Executor } from '../../db/client';
import {
  areas,
  attendanceModes,
  attendanceReasons,
  integrationAttendanceCodes,
  integrationScans,
  people,
  visits,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { CONNECTORS, isReadDirectory } from './connectors/index';
import { DirectoryAuthError } from './connectors/types';
import { connectTo, credentialsOf } from './directory-access';
import { visibleIntegration } from './integrations.service';
import { updateIntegration, type IntegrationRecord } from './integrations.repository';
import { sendScans } from './write-back';

// The write-back's screens (spec §2 /write-back, /attendance-codes/:integId/:integName; §3
// attendance-code edit: ids, attendanceCodeId; §7 get_intgration_scancs_list, ignore_intgration_scancs,
// edit_intgration_scancs): the scans with their state, ignoring or re-coding them, sending now; and
// which directory attendance code each of the company's reasons is written as.

function requireWriteBack(row: IntegrationRecord) {
  if (!isReadDirectory(row.dirCode) || !CONNECTORS[row.dirCode].writesBack) {
    throw new AppError('rule_violation', { field: 'id', messageKey: 'integration_writes_no_scans' });
  }
}

export async function listScans(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  q: z.output<typeof scansQuerySchema>,
) {
  return inTenant(app, ctx, async (tx) => {
    await visibleIntegration(tx, ctx, id);
    const where = and(
      eq(integrationScans.entityId, ctx.entityId),
      eq(integrationScans.integrationId, id),
      q.status ? eq(integrationScans.status, q.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      tx
        .select({
          scan: integrationScans,
          firstName: people.firstName,
          lastName: people.lastName,
          areaName: areas.name,
          reasonName: attendanceReasons.name,
        })
        .from(integrationScans)
        .innerJoin(
          people,
          and(eq(people.entityId, integrationScans.entityId), eq(people.id, integrationScans.personId)),
        )
        .leftJoin(visits, and(eq(visits.entityId, integrationScans.entityId), eq(visits.id, integrationScans.visitId)))
        .leftJoin(areas, and(eq(areas.entityId, visits.entityId), eq(areas.id, visits.areaId)))
        .leftJoin(
          attendanceReasons,
          and(
            eq(attendanceReasons.entityId, integrationScans.entityId),
            eq(attendanceReasons.id, integrationScans.reasonId),
          ),
        )
        .where(where)
        .orderBy(desc(integrationScans.happenedAt), desc(integrationScans.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(integrationScans)
        .where(where),
    ]);
    return {
      data: rows.map(({ scan, firstName, lastName, areaName, reasonName }) => ({
        id: scan.id,
        visit_id: scan.visitId,
        person_id: scan.personId,
        person_name: `${firstName} ${lastName}`,
        kind: scan.kind as 'sign_in' | 'sign_out',
        happened_at: scan.happenedAt.toISOString(),
        area_name: areaName,
        reason_name: reasonName,
        code_id: scan.codeId,
        code_label: scan.codeLabel,
        status: scan.status as 'pending' | 'sent' | 'failed' | 'ignored',
        error: scan.error,
        attempts: scan.attempts,
        sent_at: scan.sentAt?.toISOString() ?? null,
      })),
      count: total?.n ?? 0,
    };
  });
}

async function changeScans(
  tx: Executor,
  ctx: AccessContext,
  id: string,
  ids: string[],
  set: Record<string, unknown>,
  onlyUnsent: boolean,
) {
  const res = await tx
    .update(integrationScans)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(integrationScans.entityId, ctx.entityId),
        eq(integrationScans.integrationId, id),
        inArray(integrationScans.id, ids),
        onlyUnsent ? sql`${integrationScans.status} <> 'sent'` : undefined,
      ),
    )
    .returning({ id: integrationScans.id });
  return res.length;
}

/** Spec ignore_intgration_scancs: scans not sent are never sent. */
export async function ignoreScans(app: FastifyInstance, ctx: AccessContext, id: string, ids: string[]) {
  return inTenant(app, ctx, async (tx) => {
    await visibleIntegration(tx, ctx, id, { change: true });
    const changed = await changeScans(tx, ctx, id, ids, { status: 'ignored' }, true);
    await writeAudit(tx, ctx, {
      action: 'integration.scans_ignored',
      targetType: 'integration',
      targetId: id,
      after: { changed },
    });
    return { changed };
  });
}

/** The directory's attendance codes, read live (Wonde). */
async function directoryCodes(app: FastifyInstance, row: IntegrationRecord) {
  try {
    const session = await connectTo(app, row.dirCode, credentialsOf(app, row));
    return session.attendanceCodes ? await session.attendanceCodes() : [];
  } catch (err) {
    throw new AppError('rule_violation', {
      field: 'id',
      messageKey: err instanceof DirectoryAuthError ? 'integration_auth_failed' : 'integration_directory_unreachable',
      vars: { message: '' },
    });
  }
}

/** Spec edit_intgration_scancs: another code for scans not sent; they are sent again. */
export async function editScans(app: FastifyInstance, ctx: AccessContext, id: string, ids: string[], codeId: string) {
  const row = await inTenant(app, ctx, async (tx) => (await visibleIntegration(tx, ctx, id, { change: true })).row);
  requireWriteBack(row);
  const code = (await directoryCodes(app, row)).find((c) => c.id === codeId);
  if (!code)
    throw new AppError('validation_failed', { field: 'attendanceCodeId', messageKey: 'integration_code_unknown' });
  return inTenant(app, ctx, async (tx) => {
    const changed = await changeScans(
      tx,
      ctx,
      id,
      ids,
      { codeId: code.id, codeLabel: code.label, status: 'pending', attempts: 0, error: null },
      true,
    );
    await writeAudit(tx, ctx, {
      action: 'integration.scans_edited',
      targetType: 'integration',
      targetId: id,
      after: { changed, code: code.id },
    });
    return { changed };
  });
}

/** Spec sync scans: the pending scans sent now. */
export async function sendScansNow(app: FastifyInstance, ctx: AccessContext, id: string) {
  const row = await inTenant(app, ctx, async (tx) => (await visibleIntegration(tx, ctx, id, { change: true })).row);
  requireWriteBack(row);
  try {
    return { changed: await sendScans(app, ctx.entityId, id) };
  } catch (err) {
    throw new AppError('rule_violation', {
      field: 'id',
      messageKey: err instanceof DirectoryAuthError ? 'integration_auth_failed' : 'integration_directory_unreachable',
      vars: { message: '' },
    });
  }
}

/** The company's reasons the caller reaches (modes of their sites), each with the code it is written as. */
async function reasonRows(tx: Executor, ctx: AccessContext, id: string) {
  const inScope =
    ctx.siteIds === null
      ? undefined
      : sql`exists (select 1 from attendance_mode_sites s where s.entity_id = ${attendanceModes.entityId}
          and s.attendance_mode_id = ${attendanceModes.id} and s.site_id = any(${sqlArray(ctx.siteIds, 'uuid')}))`;
  return tx
    .select({
      id: attendanceReasons.id,
      name: attendanceReasons.name,
      type: attendanceReasons.type,
      modeName: attendanceModes.name,
      codeId: integrationAttendanceCodes.codeId,
      codeLabel: integrationAttendanceCodes.codeLabel,
    })
    .from(attendanceReasons)
    .innerJoin(
      attendanceModes,
      and(
        eq(attendanceModes.entityId, attendanceReasons.entityId),
        eq(attendanceModes.id, attendanceReasons.attendanceModeId),
      ),
    )
    .leftJoin(
      integrationAttendanceCodes,
      and(
        eq(integrationAttendanceCodes.entityId, attendanceReasons.entityId),
        eq(integrationAttendanceCodes.integrationId, id),
        eq(integrationAttendanceCodes.reasonId, attendanceReasons.id),
      ),
    )
    .where(and(eq(attendanceReasons.entityId, ctx.entityId), inScope))
    .orderBy(asc(attendanceModes.name), asc(attendanceReasons.name));
}

export async function attendanceCodes(app: FastifyInstance, ctx: AccessContext, id: string) {
  const row = await inTenant(app, ctx, async (tx) => (await visibleIntegration(tx, ctx, id)).row);
  requireWriteBack(row);
  const codes = await directoryCodes(app, row);
  return inTenant(app, ctx, async (tx) => answerCodes(tx, ctx, id, row, codes));
}

async function answerCodes(
  tx: Executor,
  ctx: AccessContext,
  id: string,
  row: IntegrationRecord,
  codes: { id: string; code: string; label: string }[],
) {
  const reasons = await reasonRows(tx, ctx, id);
  return {
    codes,
    present_code_id: row.mapping.presentCode?.id ?? null,
    present_code_label: row.mapping.presentCode?.label ?? null,
    reasons: reasons.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      mode_name: r.modeName,
      code_id: r.codeId,
      code_label: r.codeLabel,
    })),
  };
}

/** Spec §3 attendance-code edit: the reasons chosen are written as the code (null: not written). */
export async function editAttendanceCodes(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: z.output<typeof attendanceCodeEditSchema>,
) {
  const current = await inTenant(app, ctx, async (tx) => (await visibleIntegration(tx, ctx, id, { change: true })).row);
  requireWriteBack(current);
  const codes = await directoryCodes(app, current);
  const code = body.attendanceCodeId ? codes.find((c) => c.id === body.attendanceCodeId) : null;
  if (body.attendanceCodeId && !code) {
    throw new AppError('validation_failed', { field: 'attendanceCodeId', messageKey: 'integration_code_unknown' });
  }
  return inTenant(app, ctx, async (tx) => {
    const { row } = await visibleIntegration(tx, ctx, id, { change: true, lock: true });
    const reachable = new Set((await reasonRows(tx, ctx, id)).map((r) => r.id));
    const ids = [...new Set(body.ids)];
    if (ids.some((rid) => !reachable.has(rid))) {
      throw new AppError('validation_failed', { field: 'ids', messageKey: 'integration_reason_unknown' });
    }
    let updated = row;
    if (body.present) {
      updated = (await updateIntegration(tx, ctx.entityId, id, {
        mapping: { ...row.mapping, presentCode: code ? { id: code.id, label: code.label } : null },
      }))!;
    }
    if (ids.length) {
      await tx
        .delete(integrationAttendanceCodes)
        .where(
          and(
            eq(integrationAttendanceCodes.entityId, ctx.entityId),
            eq(integrationAttendanceCodes.integrationId, id),
            inArray(integrationAttendanceCodes.reasonId, ids),
          ),
        );
      if (code) {
        await tx.insert(integrationAttendanceCodes).values(
          ids.map((reasonId) => ({
            entityId: ctx.entityId,
            integrationId: id,
            reasonId,
            codeId: code.id,
            codeLabel: code.label,
          })),
        );
      }
    }
    await writeAudit(tx, ctx, {
      action: 'integration.attendance_codes',
      targetType: 'integration',
      targetId: id,
      after: { reasons: ids, code: code?.id ?? null, present: body.present },
    });
    return answerCodes(tx, ctx, id, updated, codes);
  });
}
