// A person's vaccine and test documents on the users screens (spec §7 POST /user_document,
// GET /get_type_for_user_document, PUT /user_document/{id} with a status; §4 the vaccine toggle and
// DELETED). A document answers one of the company's vaccine/PCR compliances: adding it records the
// answer (judged as a visitor's upload is), turning its toggle off makes that answer stop counting,
// turning it on judges the document again today. Files are checked as every upload is (decision 020).
import type { FastifyInstance } from 'fastify';
import { gradeResponse, isGradeProblem, type VaccineStatus } from '@app/shared/compliances/responses';
import type {
  DocumentStatusChange,
  DocumentType,
  DocumentTypeOption,
  PersonDocument,
  PersonDocumentForm,
} from '@app/shared/people/documents';
import { PERSON_DOCUMENT_LIMITS } from '@app/shared/people/documents';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkDocument, storedFileType } from '../../lib/documents';
import { cleanFileName } from '../../lib/file-serving';
import { newId } from '../../lib/ids';
import { randomToken } from '../../lib/tokens';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { writeAudit } from '../audit/audit.repository';
import { askedOf } from '../compliances/compliance-content';
import { insertComplianceResponses } from '../compliances/compliances.repository';
import { mustFindPersonInScope } from './person-scope';
import { tokenMayNotChange } from './person-view';
import {
  endResponse,
  findPersonDocument,
  findVaccineCompliance,
  insertDocument,
  listPersonDocuments,
  listVaccineCompliances,
  updateDocument,
  type PersonDocumentRow,
} from './person-documents.repository';
import { inTenant } from '../access/in-tenant';

/** A person whose documents the caller may change: the API token leaves dashboard people alone (decision 017). */
async function mustFindPersonToChange(tx: Executor, ctx: AccessContext, personId: string) {
  const person = await mustFindPersonInScope(tx, ctx, personId);
  if (tokenMayNotChange(ctx, person)) throw new AppError('forbidden', { messageKey: 'api_token_dashboard_person' });
  return person;
}

async function mustFindDocument(tx: Executor, ctx: AccessContext, personId: string, id: string, lock = false) {
  const doc = await findPersonDocument(tx, ctx.entityId, personId, id, { lock });
  if (!doc) throw new AppError('not_found', { field: 'documentId', messageKey: 'person_document_not_found' });
  return doc;
}

const metaText = (meta: Record<string, unknown>, key: string) => {
  const value = meta[key];
  return typeof value === 'string' ? value : null;
};

function toDocument(row: PersonDocumentRow, complianceName: string | null): PersonDocument {
  const meta = row.metadata ?? {};
  const protocol = metaText(meta, 'protocol');
  const result = metaText(meta, 'result');
  return {
    id: row.id,
    person_id: row.personId,
    compliance_id: row.complianceId,
    compliance_name: complianceName,
    type: row.type as DocumentType,
    status: row.status as VaccineStatus,
    enabled: row.status !== 'disabled',
    protocol: protocol as PersonDocument['protocol'],
    result: result === 'negative' || result === 'positive' ? result : null,
    start_date: row.startDate,
    expiry_date: row.expiryDate,
    notes: row.notes,
    file_name: row.fileName,
    file_url: row.file ? `/api/v1/people/${row.personId}/documents/${row.id}/file` : null,
    visit_id: row.visitId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /people/document-types: the company's vaccine/PCR compliances, with what each accepts. */
export async function listDocumentTypes(
  app: FastifyInstance,
  ctx: AccessContext,
): Promise<{ data: DocumentTypeOption[] }> {
  return inTenant(app, ctx, async (tx) => {
    const rows = await listVaccineCompliances(tx, ctx.entityId);
    const data = rows.flatMap((row) => {
      const asked = askedOf(row);
      if (asked.format !== 'vaccine') return [];
      const acceptsTest = asked.content.accept_negative_pcr && asked.content.pcr_valid_days !== null;
      return [
        {
          compliance_id: row.id,
          name: asked.name,
          types: acceptsTest ? (['covid_vaccine', 'test'] as const) : (['covid_vaccine'] as const),
          protocols: [...asked.content.protocols],
          pcr_valid_days: acceptsTest ? asked.content.pcr_valid_days : null,
        } satisfies DocumentTypeOption,
      ];
    });
    return { data };
  });
}

/** GET /people/{id}/documents: the person's documents that are not deleted, newest first. */
export async function listDocuments(app: FastifyInstance, ctx: AccessContext, personId: string) {
  return inTenant(app, ctx, async (tx) => {
    await mustFindPersonInScope(tx, ctx, personId);
    const rows = await listPersonDocuments(tx, ctx.entityId, personId);
    return { data: rows.map((r) => toDocument(r.document, r.complianceName)) };
  });
}

type VaccineCompliance = NonNullable<Awaited<ReturnType<typeof findVaccineCompliance>>>;

/** Judges a document against the compliance today and records the answer it makes (not for a visit). */
async function recordDocumentAnswer(
  tx: Executor,
  ctx: AccessContext,
  personId: string,
  compliance: VaccineCompliance,
  doc: Pick<PersonDocumentForm, 'type' | 'protocol' | 'result' | 'start_date' | 'expiry_date' | 'notes'>,
  now: Date,
) {
  const graded = gradeResponse(
    askedOf(compliance),
    {
      document: {
        type: doc.type === 'covid_vaccine' ? 'vaccine' : 'test',
        protocol: doc.type === 'covid_vaccine' ? (doc.protocol ?? null) : null,
        result: doc.type === 'test' ? (doc.result ?? null) : null,
        date: doc.start_date,
        expiry_date: doc.expiry_date ?? null,
      },
      notes: doc.notes ?? null,
    },
    now,
    companyZone(ctx),
  );
  // The only problem a document can have here is a date after today.
  if (isGradeProblem(graded))
    throw new AppError('rule_violation', { field: 'start_date', messageKey: graded.messageKey });
  const [response] = await insertComplianceResponses(tx, [
    {
      entityId: ctx.entityId,
      id: newId(),
      personId,
      complianceId: compliance.id,
      complianceVersion: compliance.version,
      answers: graded.answers,
      notes: doc.notes?.trim() ? doc.notes.trim() : null,
      status: graded.status,
      isCompleted: true,
      isWrong: graded.isWrong,
      answeredAt: now,
      validUntil: graded.validUntil,
    },
  ]);
  return { response: response!, vaccineStatus: graded.vaccineStatus };
}

/**
 * POST /people/{id}/documents: a vaccination certificate or test result for one of the company's
 * vaccine/PCR compliances. The file is checked (and an image re-encoded) before anything is read; the
 * answer the document makes counts at sign-in as a visitor's upload does.
 */
export async function addDocument(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
  form: PersonDocumentForm,
  file: { data: Buffer; filename: string } | null,
  now = new Date(),
): Promise<PersonDocument> {
  if (!file) throw new AppError('validation_failed', { field: 'file', messageKey: 'file_required' });
  const checked = await checkDocument(file.data, 'file', PERSON_DOCUMENT_LIMITS.fileMaxBytes);
  if (!checked) throw new AppError('rule_violation', { field: 'file', messageKey: 'pre_registration_document_type' });
  // Checked before the file is written, so nothing is stored for a person the caller cannot reach.
  await inTenant(app, ctx, (tx) => mustFindPersonToChange(tx, ctx, personId));
  const key = `entities/${ctx.entityId}/people/${personId}/documents/${randomToken(12)}.${checked.type.ext}`;
  await app.files.put(key, checked.data);
  try {
    return await inTenant(app, ctx, async (tx) => {
      await mustFindPersonToChange(tx, ctx, personId);
      const compliance = await findVaccineCompliance(tx, ctx.entityId, form.compliance_id);
      if (!compliance) {
        throw new AppError('rule_violation', { field: 'compliance_id', messageKey: 'person_document_compliance' });
      }
      const asked = askedOf(compliance);
      if (form.type === 'test' && asked.format === 'vaccine' && !asked.content.accept_negative_pcr) {
        throw new AppError('rule_violation', { field: 'type', messageKey: 'person_document_test_not_accepted' });
      }
      const { response, vaccineStatus } = await recordDocumentAnswer(tx, ctx, personId, compliance, form, now);
      const doc = await insertDocument(tx, {
        entityId: ctx.entityId,
        id: newId(),
        personId,
        complianceId: compliance.id,
        visitId: null,
        type: form.type,
        status: vaccineStatus,
        file: key,
        fileName: cleanFileName(file.filename, `document.${checked.type.ext}`),
        startDate: form.start_date,
        expiryDate: form.expiry_date ?? null,
        notes: form.notes ?? null,
        metadata: { protocol: form.protocol ?? null, result: form.result ?? null, mime: checked.type.mime },
        responseId: response.id,
      });
      await writeAudit(tx, ctx, {
        action: 'person_document.create',
        targetType: 'person',
        targetId: personId,
        after: { document_id: doc.id, type: doc.type, status: doc.status, compliance_id: compliance.id },
      });
      return toDocument(doc, compliance.name);
    });
  } catch (error) {
    await app.files.remove(key);
    throw error;
  }
}

/**
 * PUT /people/{id}/documents/{documentId}: the vaccine toggle (active, disabled) or DELETED. Turning it
 * off fails the answer the document made, so no sign-in takes it; turning it on judges the document
 * again against the compliance as it is today. Setting the status it already has changes nothing.
 */
export async function changeDocumentStatus(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
  documentId: string,
  status: DocumentStatusChange,
  now = new Date(),
): Promise<PersonDocument | null> {
  const outcome = await inTenant(app, ctx, async (tx) => {
    await mustFindPersonToChange(tx, ctx, personId);
    const doc = await mustFindDocument(tx, ctx, personId, documentId, true);
    const enabled = doc.status !== 'disabled';
    const compliance = doc.complianceId ? await findVaccineCompliance(tx, ctx.entityId, doc.complianceId) : null;
    const name = compliance?.name ?? null;
    if (status === 'deleted') {
      if (enabled && doc.responseId) await endResponse(tx, ctx.entityId, doc.responseId, now);
      await updateDocument(tx, ctx.entityId, doc.id, { deletedAt: now, file: null });
      await writeAudit(tx, ctx, {
        action: 'person_document.delete',
        targetType: 'person',
        targetId: personId,
        before: { document_id: doc.id, status: doc.status },
        after: { document_id: doc.id, status: 'deleted' },
      });
      return { document: null, removeFile: doc.file };
    }
    if ((status === 'active') === enabled) return { document: toDocument(doc, name), removeFile: null };
    let changed: PersonDocumentRow;
    if (status === 'disabled') {
      if (doc.responseId) await endResponse(tx, ctx.entityId, doc.responseId, now);
      changed = await updateDocument(tx, ctx.entityId, doc.id, { status: 'disabled' });
    } else if (compliance) {
      const meta = doc.metadata ?? {};
      const { response, vaccineStatus } = await recordDocumentAnswer(
        tx,
        ctx,
        personId,
        compliance,
        {
          type: doc.type as DocumentType,
          protocol: (metaText(meta, 'protocol') ?? undefined) as PersonDocumentForm['protocol'],
          result: (metaText(meta, 'result') ?? undefined) as PersonDocumentForm['result'],
          start_date: doc.startDate ?? now.toISOString().slice(0, 10),
          expiry_date: doc.expiryDate ?? undefined,
          notes: doc.notes,
        },
        now,
      );
      changed = await updateDocument(tx, ctx.entityId, doc.id, { status: vaccineStatus, responseId: response.id });
    } else {
      // Its compliance is gone: nothing to judge it against, so it is on but unchecked.
      changed = await updateDocument(tx, ctx.entityId, doc.id, { status: 'unchecked' });
    }
    await writeAudit(tx, ctx, {
      action: status === 'active' ? 'person_document.enable' : 'person_document.disable',
      targetType: 'person',
      targetId: personId,
      before: { document_id: doc.id, status: doc.status },
      after: { document_id: doc.id, status: changed.status },
    });
    return { document: toDocument(changed, name), removeFile: null };
  });
  // A deleted document's file has no reader left.
  if (outcome.removeFile) await app.files.remove(outcome.removeFile);
  return outcome.document;
}

/** GET /people/{id}/documents/{documentId}/file: the stored file, with its type from its content. */
export async function readDocumentFile(app: FastifyInstance, ctx: AccessContext, personId: string, documentId: string) {
  const doc = await inTenant(app, ctx, async (tx) => {
    await mustFindPersonInScope(tx, ctx, personId);
    return mustFindDocument(tx, ctx, personId, documentId);
  });
  const data = doc.file ? await app.files.get(doc.file) : null;
  if (!data || !storedFileType(data)) throw new AppError('not_found', { field: 'file' });
  return { data, name: doc.fileName ?? 'document' };
}
