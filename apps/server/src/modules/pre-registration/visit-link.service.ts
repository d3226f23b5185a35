// A visit's own links (spec §3 Visit details (by link), /pre-registration/{token},
// /online-compliance/{token}, /c/{token}/{code}): the visit as its link shows it, the visitor's
// confirmation, the code form, the compliance answered online and vaccine or test documents. A link
// that no longer works says why (linkExpiry, decision 014); an unknown one reads as a generic expired
// link, so a guessed token learns nothing.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { gradeResponse, isGradeProblem, type VaccineStatus } from '@app/shared/compliances/responses';
import { compareLocalDates, localDate, parseLocalDate } from '@app/shared/compliances/validity';
import type { StoredAsked } from '@app/shared/compliances/schemas';
import { linkExpiryMessageKey, type LinkExpiry, type LinkMode } from '@app/shared/pre-registration/link-expiry';
import type {
  ConfirmVisitForm,
  DocumentForm,
  OnlineCompliance,
  PreRegistrationDone,
  VisitByLink,
  VisitMetadata,
} from '@app/shared/pre-registration/schemas';
import { PERSON_DOCUMENT_LIMITS } from '@app/shared/pre-registration/schemas';
import { PROFILE_FIELDS, type RegistrationMethod } from '@app/shared/user-types/schemas';
import type { JourneyStage } from '@app/shared/visits/stages';
import { safeTimeZone } from '@app/shared/time-zones';
import type { z } from 'zod';
import type { onlineComplianceBodySchema } from '@app/shared/pre-registration/schemas';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkDocument } from '../../lib/documents';
import { cleanFileName } from '../../lib/file-serving';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { randomToken, safeEqual } from '../../lib/tokens';
import { findEntity } from '../access/access.repository';
import type { EntityRecord } from '../access/access.types';
import { askedOf } from '../compliances/compliance-content';
import { agreementFileKey } from '../compliances/compliance-files';
import { insertComplianceResponses } from '../compliances/compliances.repository';
import {
  countFlowCompliances,
  findAreaWithSite,
  findFlow,
  findPersonRow,
  findUserType,
  findVisit,
  findVisitKeysByToken,
  hostsOfVisits,
  updateVisit,
  type UserTypeRow,
  type VisitRow,
} from '../expected-visits/expected-visits.repository';
import {
  clockOf,
  complianceStateOf,
  flagsOf,
  hostSettingsOf,
  linkExpiryOf,
  stageOf,
  visitOrigin,
  type ComplianceItem,
  type FlowChoice,
} from '../expected-visits/visit-rules';
import { fieldValuesOf, findTakenValues, saveFieldValues, updatePerson } from '../people/people.repository';
import { mandatoryOf, missingProfileData, uniqueViolation } from '../people/person-rules';
import { readFlowSettings } from '@app/shared/journeys/flow-settings';
import { insertPersonDocument, writeLinkAudit } from './pre-registration.repository';
import {
  checkPreRegistrationPhoto,
  checkPublicFieldValues,
  companyOf,
  photoKey,
  publicFields,
} from './pre-registration.service';
import { emitVisits } from '../visits/visit-view';
import { followComplianceMails } from '../compliance-mails/compliance-mails.jobs';
import { visitDone, visitorConfirmation } from './visit-pass';

const metadata = (lang: Language, reason: LinkExpiry | null, confirmed: boolean, mode: LinkMode): VisitMetadata => ({
  is_expired: reason !== null,
  reason,
  is_confirmed: confirmed,
  message: reason ? t(lang, `errors:${linkExpiryMessageKey(reason, mode)}`) : null,
});

/** The answer for a link that names no visit: expired, for a reason nobody can learn from. */
export function expiredLink(lang: Language): VisitByLink {
  return {
    visitMetadata: metadata(lang, 'LINK_INVALID', false, 'confirm'),
    user_has_passport: false,
    visitId: null,
    company: null,
    stage: null,
    expectedDateTime: null,
    expected_at: null,
    timezone: null,
    user: null,
    site: null,
    area: null,
    user_type: null,
    hosts: [],
    validations: null,
  };
}

export type Loaded = {
  entity: EntityRecord;
  visit: VisitRow;
  person: NonNullable<Awaited<ReturnType<typeof findPersonRow>>>;
  type: UserTypeRow | null;
  flow: FlowChoice | null;
  expiry: LinkExpiry | null;
};

async function flowOfVisit(tx: Executor, visit: VisitRow): Promise<FlowChoice | null> {
  if (!visit.journeyFlowId) return null;
  const found = await findFlow(tx, visit.entityId, visit.journeyFlowId);
  if (!found) return null;
  const [count] = await countFlowCompliances(tx, visit.entityId, [found.flow.id]);
  return {
    flowId: found.flow.id,
    journeyId: found.flow.journeyId,
    settings: readFlowSettings(found.flow.settings),
    touchMode: found.touchMode,
    complianceCount: count?.count ?? 0,
  };
}

export async function loadLinkedVisit(tx: Executor, entity: EntityRecord, visitId: string, mode: LinkMode, now: Date) {
  const visit = await findVisit(tx, entity.id, visitId, undefined, true);
  const person = visit ? await findPersonRow(tx, entity.id, visit.personId) : null;
  if (!visit || !person) return null;
  const type = visit.userTypeId ? await findUserType(tx, entity.id, visit.userTypeId) : null;
  const expiry = linkExpiryOf(visit, type, mode, now);
  return { entity, visit, person, type, flow: await flowOfVisit(tx, visit), expiry } satisfies Loaded;
}

const profileData = (list: string[]) =>
  list.filter((x): x is (typeof PROFILE_FIELDS)[number] => (PROFILE_FIELDS as readonly string[]).includes(x));

const needsPhoto = (l: Pick<Loaded, 'flow' | 'type' | 'person'>) =>
  (flagsOf(l.flow).is_image_required || Boolean(l.type?.mandatoryProfileData.includes('photo'))) && !l.person.image;

async function toVisitByLink(tx: Executor, l: Loaded, mode: LinkMode, lang: Language): Promise<VisitByLink> {
  const hasPassport = l.person.userId !== null;
  if (l.expiry) {
    return {
      ...expiredLink(lang),
      visitMetadata: metadata(lang, l.expiry, l.visit.confirmedAt !== null, mode),
      user_has_passport: hasPassport,
      company: companyOf(l.entity),
    };
  }
  const timezone = safeTimeZone(l.entity.timezone);
  const clock = clockOf(l.visit.expectedAt ?? l.visit.createdAt, timezone);
  const place = await findAreaWithSite(tx, l.entity.id, l.visit.areaId);
  const hosts = await hostsOfVisits(tx, l.entity.id, [l.visit.id]);
  return {
    visitMetadata: metadata(lang, null, l.visit.confirmedAt !== null, mode),
    user_has_passport: hasPassport,
    visitId: l.visit.id,
    company: companyOf(l.entity),
    stage: (l.visit.stage as JourneyStage | null) ?? null,
    expectedDateTime: `${clock.date} ${clock.time}:00`,
    expected_at: (l.visit.expectedAt ?? l.visit.createdAt).toISOString(),
    timezone,
    user: {
      first_name: l.person.firstName,
      last_name: l.person.lastName,
      email: l.person.email,
      phone_code: l.person.phoneCode,
      phone: l.person.phone,
      company_name: l.person.companyName,
    },
    site: place ? place.site : null,
    area: place ? { id: place.area.id, name: place.area.name } : null,
    user_type: l.type ? { id: l.type.id, name: l.type.name } : null,
    hosts: hosts.map((h) => ({ id: h.id, full_name: h.fullName })),
    validations: {
      registration_method: (l.type?.registrationMethod ?? 'registration_allowed') as RegistrationMethod,
      compliance_flags: flagsOf(l.flow),
      mandatory_profile_data: profileData(l.type?.mandatoryProfileData ?? []),
      photo_needed: needsPhoto(l),
      host: hostSettingsOf(l.flow?.settings ?? null),
      custom_fields: l.type ? await publicFields(tx, l.entity, [l.type.id]) : [],
    },
  };
}

/** The visit by its link inside a tenant transaction (the pre-registration info uses it too). */
export async function visitByLinkIn(
  _app: FastifyInstance,
  tx: Executor,
  entity: EntityRecord,
  visitId: string,
  mode: LinkMode,
  lang: Language,
  now: Date,
): Promise<VisitByLink> {
  const l = await loadLinkedVisit(tx, entity, visitId, mode, now);
  return l ? toVisitByLink(tx, l, mode, lang) : expiredLink(lang);
}

export async function withVisitLink<T>(
  app: FastifyInstance,
  token: string,
  fn: (tx: Executor, entity: EntityRecord, visitId: string) => Promise<T>,
  onUnknown: () => T | Promise<T>,
): Promise<T> {
  const keys = await findVisitKeysByToken(app.db.db, token);
  if (!keys) return onUnknown();
  return withTenant(app.db.db, keys.entityId, async (tx) => {
    const entity = await findEntity(tx, keys.entityId);
    if (!entity) return onUnknown();
    return fn(tx, entity, keys.id);
  });
}

const unknownLink = () => {
  throw new AppError('not_found', { field: 'token', messageKey: 'pre_registration_expired.link_invalid' });
};

/** A link that still works, or the refusal that names why not. */
async function loadUsable(tx: Executor, entity: EntityRecord, visitId: string, mode: LinkMode, now: Date) {
  const l = await loadLinkedVisit(tx, entity, visitId, mode, now);
  if (!l) return unknownLink();
  if (l.expiry) {
    throw new AppError('rule_violation', { field: 'token', messageKey: linkExpiryMessageKey(l.expiry, mode) });
  }
  return l;
}

/** GET /public/visits/{token} (spec visit-by-visit-url). */
export async function getVisitByLink(
  app: FastifyInstance,
  token: string,
  mode: LinkMode,
  lang: Language,
  now = new Date(),
) {
  return withVisitLink(
    app,
    token,
    (tx, entity, visitId) => visitByLinkIn(app, tx, entity, visitId, mode, lang, now),
    () => expiredLink(lang),
  );
}

/** POST /public/visits/{token}/code: the /c/{token}/{code} form checks the visit's code. */
export async function checkLinkCode(app: FastifyInstance, token: string, code: string, now = new Date()) {
  return withVisitLink(
    app,
    token,
    async (tx, entity, visitId) => {
      const l = await loadUsable(tx, entity, visitId, 'compliance', now);
      if (!l.visit.linkCode || !safeEqual(l.visit.linkCode, code.toUpperCase())) {
        throw new AppError('rule_violation', { field: 'code', messageKey: 'pre_registration_code_wrong' });
      }
      return { ok: true as const };
    },
    unknownLink,
  );
}

/** Where the linked visit's compliance stands, at the visit's time (complianceStateOf). */
const linkCompliance = (tx: Executor, l: Loaded, now: Date) =>
  complianceStateOf(tx, l.entity.id, {
    personId: l.person.id,
    flowId: l.visit.journeyFlowId,
    visitId: l.visit.id,
    at: l.visit.expectedAt ?? now,
  });

/** The stage after the visit's compliance changed; an admin's decision stays (stageFor). */
async function restage(tx: Executor, l: Loaded) {
  const { progress, failedAt } = await linkCompliance(tx, l, new Date());
  return stageOf({
    method: (l.type?.registrationMethod ?? 'registration_allowed') as RegistrationMethod,
    autoApprove: l.type?.autoApproveVisits ?? false,
    origin: visitOrigin(l.visit),
    progress,
    current: l.visit.stage,
    decidedAt: l.visit.decidedAt,
    failedAt,
  });
}

/**
 * POST /public/visits/{token}/confirm (spec confirm/visit; the passport's /api/visit/confirm): the
 * visitor checks their details and confirms. The link is theirs, so their own details may change,
 * but never to another person's email or phone (spec duplicate-user check).
 */
export async function confirmVisit(
  app: FastifyInstance,
  token: string,
  form: ConfirmVisitForm,
  photoFile: Buffer | null,
  lang: Language,
  now = new Date(),
): Promise<PreRegistrationDone> {
  const photo = await checkPreRegistrationPhoto(photoFile);
  const written: string[] = [];
  try {
    const result = await withVisitLink(
      app,
      token,
      async (tx, entity, visitId) => {
        const l = await loadUsable(tx, entity, visitId, 'confirm', now);
        const taken = await findTakenValues(
          tx,
          entity.id,
          { email: form.email, phoneCode: form.phone_code, phone: form.phone, idNumber: null },
          l.person.id,
        );
        if (taken.email) throw new AppError('conflict', { field: 'email', messageKey: 'email_taken' });
        if (taken.phone) throw new AppError('conflict', { field: 'phone', messageKey: 'phone_taken' });
        const photoNeeded = needsPhoto(l);
        if (photoNeeded && !photo) {
          throw new AppError('rule_violation', { field: 'photo', messageKey: 'pre_registration_photo_required' });
        }
        const missing = missingProfileData(
          mandatoryOf([{ mandatory: l.type?.mandatoryProfileData ?? [] }]),
          {
            email: form.email,
            phone: form.phone,
            idNumber: l.person.idNumber,
            companyName: form.company_name,
            image: 'checked',
          },
          false,
        );
        if (missing) throw new AppError('rule_violation', missing);
        const stored = new Set((await fieldValuesOf(tx, entity.id, [l.person.id])).map((v) => v.fieldId));
        const values = await checkPublicFieldValues(tx, entity, l.visit.userTypeId, form.custom_fields, stored);

        const changes: Parameters<typeof updatePerson>[3] = {
          firstName: form.first_name,
          lastName: form.last_name,
          email: form.email,
          phoneCode: form.phone_code,
          phone: form.phone,
          companyName: form.company_name ?? l.person.companyName,
        };
        if (photoNeeded && photo) {
          const key = photoKey(entity.id, l.person.id, photo.kind);
          await app.files.put(key, photo.data);
          written.push(key);
          changes.image = key;
        }
        await updatePerson(tx, entity.id, l.person.id, changes);
        if (values.length) await saveFieldValues(tx, entity.id, l.person.id, values);

        const stage = await restage(tx, l);
        const row = await updateVisit(tx, entity.id, l.visit.id, {
          confirmedAt: now,
          stage,
          hostMessage: form.host_message ?? l.visit.hostMessage,
          // The visitor's language: the emails about this visit (an admin's decision) are written in it.
          extra: { ...l.visit.extra, lang },
        });
        await writeLinkAudit(tx, entity.id, {
          action: 'visit.confirmed',
          targetType: 'visit',
          targetId: row.id,
          before: { confirmed_at: null, stage: l.visit.stage },
          after: {
            confirmed_at: now.toISOString(),
            stage,
            person: { first_name: form.first_name, last_name: form.last_name },
          },
        });
        const hasCompliance = Boolean(l.flow && l.flow.complianceCount > 0);
        const place = row.areaId ? await findAreaWithSite(tx, entity.id, row.areaId) : null;
        const mail = await visitorConfirmation(app, lang, {
          entity,
          person: { email: form.email, firstName: form.first_name },
          row,
          place: place ? `${place.site.name}, ${place.area.name}` : '',
          kind: 'confirmed',
          hasCompliance,
        });
        const done = await visitDone(app, entity, row, {
          message: t(lang, 'errors:pre_registration_confirmed'),
          hasCompliance,
        });
        return { row, done, mail };
      },
      unknownLink,
    ).catch((error: unknown) => {
      const mapped = uniqueViolation(error);
      throw mapped ?? error;
    });
    emitVisits(app, result.row.entityId, 'confirmed', [result.row]);
    await followComplianceMails(app, result.row.entityId, [result.row.id]);
    if (result.mail) await app.mailer.send(result.mail);
    return result.done;
  } catch (error) {
    for (const key of written) await app.files.remove(key);
    throw error;
  }
}

// ---- online compliance ----

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
  return withVisitLink(
    app,
    token,
    async (tx, entity, visitId): Promise<OnlineCompliance> => {
      const l = await loadLinkedVisit(tx, entity, visitId, 'compliance', now);
      if (!l) return expired('LINK_INVALID', false);
      if (l.expiry) {
        return {
          ...expired(l.expiry, l.person.userId !== null),
          visitMetadata: metadata(lang, l.expiry, l.visit.confirmedAt !== null, 'compliance'),
        };
      }
      const { items } = await linkCompliance(tx, l, now);
      return {
        visitMetadata: metadata(lang, null, l.visit.confirmedAt !== null, 'compliance'),
        user_has_passport: l.person.userId !== null,
        visitId: l.visit.id,
        stage: (l.visit.stage as JourneyStage | null) ?? null,
        compliances: items.map(toItem),
      };
    },
    () => expired('LINK_INVALID', false),
  );
}

type ResponseInput = Parameters<typeof gradeResponse>[1];

async function recordAnswer(
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

async function finishCompliance(app: FastifyInstance, tx: Executor, l: Loaded) {
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

const notAsked = (field: string) =>
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
  emitVisits(app, result.row.entityId, 'compliance_answered', [result.row]);
  // Answered: no more reminders.
  await followComplianceMails(app, result.row.entityId, [result.row.id]);
  return { stage: result.stage, answers: result.answers };
}

const DOCUMENT_TYPE = { covid_vaccine: 'vaccine', test: 'test' } as const;

/**
 * POST /public/visits/{token}/documents: a vaccination certificate or test result (PDF, PNG or JPG by
 * content) for a vaccine/PCR compliance of the visit's flow. The document is kept with its status, and
 * the answer it makes counts for the compliance's frequency, so the kiosk and dashboard do not ask again.
 */
export async function uploadVisitDocument(
  app: FastifyInstance,
  token: string,
  form: DocumentForm,
  file: { data: Buffer; filename: string } | null,
  now = new Date(),
) {
  if (!file) throw new AppError('validation_failed', { field: 'file', messageKey: 'file_required' });
  // Checked (and an image re-encoded) before the link is read: what is stored is `checked.data`.
  const checked = await checkDocument(file.data, 'file', PERSON_DOCUMENT_LIMITS.fileMaxBytes);
  if (!checked) throw new AppError('rule_violation', { field: 'file', messageKey: 'pre_registration_document_type' });
  const kind = checked.type;
  const written: string[] = [];
  try {
    const result = await withVisitLink(
      app,
      token,
      async (tx, entity, visitId) => {
        const l = await loadUsable(tx, entity, visitId, 'compliance', now);
        const { items } = await linkCompliance(tx, l, now);
        const item = items.find((x) => x.compliance.id === form.compliance_id);
        if (!item) throw notAsked('compliance_id');
        if (item.compliance.format !== 'vaccine') {
          throw new AppError('rule_violation', {
            field: 'compliance_id',
            messageKey: 'pre_registration_document_not_vaccine',
          });
        }
        const today = localDate(now, safeTimeZone(entity.timezone));
        if (compareLocalDates(parseLocalDate(form.start_date), today) > 0) {
          throw new AppError('rule_violation', { field: 'start_date', messageKey: 'pre_registration_document_future' });
        }
        const key = `entities/${entity.id}/people/${l.person.id}/documents/${randomToken(12)}.${kind.ext}`;
        await app.files.put(key, checked.data);
        written.push(key);
        const { row: response, graded } = await recordAnswer(
          tx,
          l,
          item,
          {
            document: {
              type: DOCUMENT_TYPE[form.type],
              protocol: form.type === 'covid_vaccine' ? (form.protocol ?? null) : null,
              result: form.type === 'test' ? (form.result ?? null) : null,
              date: form.start_date,
              expiry_date: form.expiry_date ?? null,
            },
            notes: form.notes,
          },
          'document',
          now,
        );
        const doc = await insertPersonDocument(tx, {
          entityId: entity.id,
          id: newId(),
          personId: l.person.id,
          complianceId: item.compliance.id,
          visitId: l.visit.id,
          type: form.type,
          status: graded.vaccineStatus,
          file: key,
          fileName: cleanFileName(file.filename, `document.${kind.ext}`),
          startDate: form.start_date,
          expiryDate: form.expiry_date ?? null,
          notes: form.notes,
          metadata: { protocol: form.protocol ?? null, result: form.result ?? null, mime: kind.mime },
          // The answer it made, which the document's vaccine toggle on the users screens ends.
          responseId: response.id,
        });
        await writeLinkAudit(tx, entity.id, {
          action: 'person_document.create',
          targetType: 'person',
          targetId: l.person.id,
          after: { document_id: doc.id, type: form.type, status: doc.status, compliance_id: item.compliance.id },
        });
        const done = await finishCompliance(app, tx, l);
        return { ...done, doc, graded };
      },
      unknownLink,
    );
    emitVisits(app, result.row.entityId, 'compliance_answered', [result.row]);
    await followComplianceMails(app, result.row.entityId, [result.row.id]);
    return {
      id: result.doc.id,
      status: result.graded.vaccineStatus,
      answer_status: result.graded.status,
      stage: result.stage,
    };
  } catch (error) {
    for (const key of written) await app.files.remove(key);
    throw error;
  }
}

/**
 * GET /public/visits/{token}/compliance/{complianceId}/file: the agreement file (PDF or image) of a
 * compliance the visit's flow asks, for the visitor to read before agreeing. Only while the link works.
 */
export async function readVisitAgreementFile(
  app: FastifyInstance,
  token: string,
  complianceId: string,
  now = new Date(),
) {
  const notFound = () => new AppError('not_found', { field: 'file' });
  const file = await withVisitLink(
    app,
    token,
    async (tx, entity, visitId) => {
      const l = await loadUsable(tx, entity, visitId, 'compliance', now);
      const { items } = await linkCompliance(tx, l, now);
      const item = items.find((x) => x.compliance.id === complianceId);
      const asked = item ? askedOf(item.compliance) : null;
      if (asked?.format !== 'agreement' || !asked.content.file) throw notFound();
      return { key: agreementFileKey(entity.id, asked.content.file.id), ...asked.content.file };
    },
    unknownLink,
  );
  const data = await app.files.get(file.key);
  if (!data) throw notFound();
  return { data, mime: file.mime, name: file.name };
}
