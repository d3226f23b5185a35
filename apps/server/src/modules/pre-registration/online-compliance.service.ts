// The compliance a visitor answers online through the visit's link (spec /online-compliance/{token}):
// what it asks, each answer graded as the kiosk grades it, and the visit's stage once all are answered.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { gradeResponse, isGradeProblem, type VaccineStatus } from '@app/shared/compliances/responses';
import type { StoredAsked } from '@app/shared/compliances/schemas';
import { type LinkExpiry } from '@app/shared/pre-registration/link-expiry';
import type { OnlineCompliance } from '@app/shared/pre-registration/schemas';
import type { JourneyStage } from '@app/shared/visits/stages';
import { safeTimeZone } from '@app/shared/time-zones';
import type { z } from 'zod';
import type { onlineComplianceBodySchema } from '@app/shared/pre-registration/schemas';
import { type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { askedOf } from '../compliances/compliance-content';
import { insertComplianceResponses } from '../compliances/compliances.repository';
import { updateVisit } from '../expected-visits/expected-visits.repository';
import { type ComplianceItem } from '../expected-visits/visit-rules';
import { writeLinkAudit } from './pre-registration.repository';
import { withPassportFlag, type LinkAnswer } from './link-passport';
import { followComplianceMails } from '../compliance-mails/compliance-mails.jobs';
import {
  linkCompliance,
  loadLinkedVisit,
  loadUsable,
  metadata,
  restage,
  unknownLink,
  withVisitLink,
  type Loaded,
} from './linked-visit';

function publicContent(asked: StoredAsked): OnlineCompliance['compliances'][number]['content'] {
  switch (asked.format) {
    case 'question':
      // Which answer is right is never sent.
      return {
        questions: asked.content.questions.map((q) => ({
          id: q.id,
          question: q.question,
          answers: q.answers.map((a) => ({ id: a.id, answer: a.answer })),
        })),
      };
    case 'agreement':
      return {
        agreement_type: asked.content.agreement_type,
        agreement_text: asked.content.agreement_text,
        file: asked.content.file
          ? { name: asked.content.file.name, mime: asked.content.file.mime, size: asked.content.file.size }
          : null,
      };
    case 'statement':
      return { statement: asked.content.statement };
    case 'vaccine':
      return asked.content;
  }
}

const vaccineStatusOfAnswer = (answers: unknown[]): VaccineStatus =>
  (answers as { kind?: string; vaccine_status?: VaccineStatus }[]).find((a) => a.kind === 'document')?.vaccine_status ??
  'not_applicable';

function toItem(item: ComplianceItem): OnlineCompliance['compliances'][number] {
  const asked = askedOf(item.compliance);
  return {
    id: item.compliance.id,
    name: asked.name,
    format: asked.format,
    frequency: asked.frequency,
    version: item.compliance.version,
    required: item.required,
    content: publicContent(asked),
    answer: item.answer
      ? {
          status: item.answer.status as 'failed' | 'justified' | 'success',
          vaccine_status: vaccineStatusOfAnswer(item.answer.answers),
          answered_at: item.answer.answeredAt.toISOString(),
          valid_until: item.answer.validUntil?.toISOString() ?? null,
        }
      : null,
  };
}

/** GET /public/visits/{token}/compliance: what the visit's flow asks, with the answers that already count. */
export async function getOnlineCompliance(app: FastifyInstance, token: string, lang: Language, now = new Date()) {
  const expired = (reason: LinkExpiry, hasPassport: boolean): OnlineCompliance => ({
    visitMetadata: metadata(lang, reason, false, 'compliance'),
    user_has_passport: hasPassport,
    visitId: null,
    stage: null,
    compliances: [],
  });
  const found = await withVisitLink(
    app,
    token,
    async (tx, entity, visitId): Promise<LinkAnswer<OnlineCompliance>> => {
      const l = await loadLinkedVisit(tx, entity, visitId, 'compliance', now);
      if (!l) return { answer: expired('LINK_INVALID', false), email: null };
      // A login identity; an address with a passport is added after the transaction (withPassportFlag).
      const hasPassport = l.person.userId !== null;
      if (l.expiry) {
        const answer = {
          ...expired(l.expiry, hasPassport),
          visitMetadata: metadata(lang, l.expiry, l.visit.confirmedAt !== null, 'compliance'),
        };
        return { answer, email: l.person.email };
      }
      const { items } = await linkCompliance(tx, l, now);
      const answer = {
        visitMetadata: metadata(lang, null, l.visit.confirmedAt !== null, 'compliance'),
        user_has_passport: hasPassport,
        visitId: l.visit.id,
        stage: (l.visit.stage as JourneyStage | null) ?? null,
        compliances: items.map(toItem),
      };
      return { answer, email: l.person.email };
    },
    () => ({ answer: expired('LINK_INVALID', false), email: null }),
  );
  return withPassportFlag(app, found);
}

type ResponseInput = Parameters<typeof gradeResponse>[1];

export async function recordAnswer(
  tx: Executor,
  l: Loaded,
  item: ComplianceItem,
  input: ResponseInput,
  field: string,
  now: Date,
) {
  const asked = askedOf(item.compliance);
  const graded = gradeResponse(asked, input, now, safeTimeZone(l.entity.timezone));
  if (isGradeProblem(graded)) {
    throw new AppError('rule_violation', { field: `${field}.${graded.field}`, messageKey: graded.messageKey });
  }
  const [row] = await insertComplianceResponses(tx, [
    {
      entityId: l.entity.id,
      id: newId(),
      personId: l.person.id,
      complianceId: item.compliance.id,
      complianceVersion: item.compliance.version,
      visitId: l.visit.id,
      areaId: l.visit.areaId,
      userTypeId: l.visit.userTypeId,
      answers: graded.answers,
      notes: input.notes?.trim() ? input.notes.trim() : null,
      status: graded.status,
      isCompleted: true,
      isWrong: graded.isWrong,
      answeredAt: now,
      validUntil: graded.validUntil,
    },
  ]);
  await writeLinkAudit(tx, l.entity.id, {
    action: 'compliance_response.create',
    targetType: 'person',
    targetId: l.person.id,
    after: {
      compliance_id: item.compliance.id,
      version: item.compliance.version,
      status: graded.status,
      visit_id: l.visit.id,
    },
  });
  return { row: row!, graded };
}

export async function finishCompliance(app: FastifyInstance, tx: Executor, l: Loaded) {
  const stage = await restage(tx, l);
  const row = stage !== l.visit.stage ? await updateVisit(tx, l.entity.id, l.visit.id, { stage }) : l.visit;
  await writeLinkAudit(tx, l.entity.id, {
    action: 'visit.compliance_answered',
    targetType: 'visit',
    targetId: l.visit.id,
    before: { stage: l.visit.stage },
    after: { stage },
  });
  return { stage, row };
}

export const notAsked = (field: string) =>
  new AppError('rule_violation', { field, messageKey: 'pre_registration_compliance_not_asked' });

/**
 * POST /public/visits/{token}/compliance: answers stored against the visit, each judged against the
 * current version (spec §4 answer status: notes of 20 characters or more justify a wrong answer).
 * Vaccine and test documents come with their file through /documents.
 */
export async function answerOnlineCompliance(
  app: FastifyInstance,
  token: string,
  body: z.output<typeof onlineComplianceBodySchema>,
  now = new Date(),
) {
  const result = await withVisitLink(
    app,
    token,
    async (tx, entity, visitId) => {
      const l = await loadUsable(tx, entity, visitId, 'compliance', now);
      const { items } = await linkCompliance(tx, l, now);
      // Everything is checked before anything is written.
      const chosen = body.responses.map((response, i) => {
        const item = items.find((x) => x.compliance.id === response.compliance_id);
        if (!item) throw notAsked(`responses.${i}.compliance_id`);
        if (item.compliance.format === 'vaccine') {
          throw new AppError('rule_violation', {
            field: `responses.${i}.compliance_id`,
            messageKey: 'pre_registration_compliance_needs_document',
          });
        }
        const asked = askedOf(item.compliance);
        const probe = gradeResponse(asked, response, now, safeTimeZone(entity.timezone));
        if (isGradeProblem(probe)) {
          throw new AppError('rule_violation', {
            field: `responses.${i}.${probe.field}`,
            messageKey: probe.messageKey,
          });
        }
        return { item, response, i };
      });
      const answers = [];
      for (const c of chosen) {
        const { row } = await recordAnswer(tx, l, c.item, c.response, `responses.${c.i}`, now);
        answers.push({ compliance_id: row.complianceId, status: row.status as 'failed' | 'justified' | 'success' });
      }
      const done = await finishCompliance(app, tx, l);
      return { ...done, answers };
    },
    unknownLink,
  );
  // Answered: no more reminders.
  await followComplianceMails(app, result.row.entityId, [result.row.id]);
  return { stage: result.stage, answers: result.answers };
}
