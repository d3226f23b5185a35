// A person's answers to compliances (spec §7 create_compliance_user, get_compliance_user,
// get_compliance_user_details). Each answer is judged against the version it answered; its status is
// the shared rule of spec §4; how long it counts follows the frequency in the company's time zone.
import type { FastifyInstance } from 'fastify';
import {
  gradeResponse,
  isGradeProblem,
  type ComplianceResponse,
  type ComplianceResponseDetails,
  type ListResponsesParams,
  type RecordResponsesBody,
  type VaccineStatus,
} from '@app/shared/compliances/responses';
import { answerStillValid } from '@app/shared/compliances/validity';
import type { AnswerRecord } from '@app/shared/compliances/responses';
import type { AnswerStatus } from '@app/shared/compliances/answer-status';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { writeAudits } from '../audit/audit.repository';
import { userTypesOf } from '../people/people.repository';
import { mustFindPersonInScope } from '../people/person-scope';
import { findArea } from '../sites/sites.repository';
import { findVisitRows } from '../visits/visits.repository';
import { askedOf } from './compliance-content';
import {
  findCompliances,
  findComplianceVersions,
  insertComplianceResponses,
  listPersonResponses,
  type PersonResponseRow,
} from './compliances.repository';
import { inTenant } from '../access/in-tenant';

function toResponse(row: PersonResponseRow, now: Date): ComplianceResponse {
  const r = row.response;
  const asked = askedOf(row);
  const answers = r.answers as AnswerRecord[];
  return {
    id: r.id,
    compliance_id: r.complianceId,
    compliance_name: asked.name,
    format: asked.format,
    frequency: asked.frequency,
    version: r.complianceVersion,
    current_version: row.currentVersion,
    visit_id: r.visitId,
    area_id: r.areaId,
    user_type_id: r.userTypeId,
    answers,
    notes: r.notes,
    status: r.status as AnswerStatus,
    is_wrong: r.isWrong,
    is_completed: r.isCompleted,
    vaccine_status: vaccineStatusOf(answers),
    answered_at: r.answeredAt.toISOString(),
    valid_until: r.validUntil?.toISOString() ?? null,
    still_valid: answerStillValid(asked.frequency, r.validUntil, now),
  };
}

// The vaccine status is kept with the document answer it was judged from.
const vaccineStatusOf = (answers: AnswerRecord[]): VaccineStatus =>
  answers.find((a): a is Extract<AnswerRecord, { kind: 'document' }> => a.kind === 'document')?.vaccine_status ??
  'not_applicable';

/**
 * Records a person's answers to one or more compliances at once. Everything is checked before anything
 * is written: one wrong item refuses the whole request, naming it.
 */
export async function recordResponses(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
  body: RecordResponsesBody,
): Promise<ComplianceResponse[]> {
  const timeZone = companyZone(ctx);
  return inTenant(app, ctx, async (tx) => {
    await mustFindPersonInScope(tx, ctx, personId);
    if (body.area_id && !(await findArea(tx, ctx.entityId, ctx.siteIds, body.area_id))) {
      throw new AppError('rule_violation', { field: 'area_id', messageKey: 'compliance_area_not_available' });
    }
    if (body.visit_id) {
      const [visit] = await findVisitRows(tx, ctx.entityId, undefined, [body.visit_id]);
      if (visit?.visit.personId !== personId) {
        throw new AppError('rule_violation', { field: 'visit_id', messageKey: 'compliance_visit_not_person' });
      }
    }
    if (body.user_type_id) {
      const types = await userTypesOf(tx, ctx.entityId, [personId]);
      if (!types.some((t) => t.id === body.user_type_id)) {
        throw new AppError('rule_violation', { field: 'user_type_id', messageKey: 'compliance_user_type_not_person' });
      }
    }
    const ids = body.responses.map((r) => r.compliance_id);
    const current = new Map((await findCompliances(tx, ctx.entityId, ids)).map((c) => [c.id, c]));
    const keys = body.responses.map((item, i) => {
      const compliance = current.get(item.compliance_id);
      if (!compliance) {
        throw new AppError('not_found', { field: `responses.${i}.compliance_id`, messageKey: 'compliance_not_found' });
      }
      const version = item.version ?? compliance.version;
      if (version > compliance.version) {
        throw new AppError('rule_violation', {
          field: `responses.${i}.version`,
          messageKey: 'compliance_version_unknown',
          vars: { version: compliance.version },
        });
      }
      return { complianceId: item.compliance_id, version };
    });
    const versions = await findComplianceVersions(tx, ctx.entityId, keys);
    const versionOf = (k: { complianceId: string; version: number }) =>
      versions.find((v) => v.complianceId === k.complianceId && v.version === k.version);

    const answeredAt = new Date();
    const rows = body.responses.map((item, i) => {
      const version = versionOf(keys[i]!);
      if (!version) {
        throw new AppError('rule_violation', {
          field: `responses.${i}.version`,
          messageKey: 'compliance_version_unknown',
          vars: { version: keys[i]!.version },
        });
      }
      const asked = askedOf(version);
      const graded = gradeResponse(asked, item, answeredAt, timeZone);
      if (isGradeProblem(graded)) {
        throw new AppError('rule_violation', {
          field: `responses.${i}.${graded.field}`,
          messageKey: graded.messageKey,
        });
      }
      return {
        entityId: ctx.entityId,
        id: newId(),
        personId,
        complianceId: item.compliance_id,
        complianceVersion: version.version,
        visitId: body.visit_id ?? null,
        areaId: body.area_id ?? null,
        userTypeId: body.user_type_id ?? null,
        answers: graded.answers,
        notes: item.notes?.trim() ? item.notes.trim() : null,
        status: graded.status,
        isCompleted: true,
        isWrong: graded.isWrong,
        answeredAt,
        validUntil: graded.validUntil,
      };
    });
    const inserted = await insertComplianceResponses(tx, rows);
    await writeAudits(
      tx,
      ctx,
      inserted.map((r) => ({
        action: 'compliance_response.create',
        targetType: 'person',
        targetId: personId,
        after: { compliance_id: r.complianceId, version: r.complianceVersion, status: r.status, is_wrong: r.isWrong },
      })),
    );
    const { rows: saved } = await listPersonResponses(tx, ctx.entityId, personId, {
      ids: inserted.map((r) => r.id),
      page: 1,
      limit: inserted.length,
    });
    const byId = new Map(saved.map((row) => [row.response.id, toResponse(row, answeredAt)]));
    return inserted.map((r) => byId.get(r.id)!);
  });
}

/** A person's answers, newest first (spec get_compliance_user). */
export async function listResponses(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
  q: ListResponsesParams,
) {
  return inTenant(app, ctx, async (tx) => {
    await mustFindPersonInScope(tx, ctx, personId);
    const now = new Date();
    const { rows, count } = await listPersonResponses(tx, ctx.entityId, personId, {
      complianceId: q.compliance_id,
      visitId: q.visit_id,
      areaId: q.area_id,
      stillValidAt: q.still_valid ? now : undefined,
      page: q.page,
      limit: q.limit,
    });
    return { data: rows.map((row) => toResponse(row, now)), count };
  });
}

/** One answer with what was asked at its version (spec get_compliance_user_details). */
export async function getResponse(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
  responseId: string,
): Promise<ComplianceResponseDetails> {
  return inTenant(app, ctx, async (tx) => {
    await mustFindPersonInScope(tx, ctx, personId);
    const { rows } = await listPersonResponses(tx, ctx.entityId, personId, { ids: [responseId], page: 1, limit: 1 });
    const row = rows[0];
    if (!row) throw new AppError('not_found');
    return { ...toResponse(row, new Date()), asked: askedOf(row) };
  });
}
