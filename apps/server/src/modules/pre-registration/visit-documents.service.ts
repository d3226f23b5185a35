// Files a visitor sends or reads through the visit's link: a vaccination certificate or test result for
// a compliance of the visit's flow, and the agreement file of a compliance (spec /online-compliance/{token}).
import type { FastifyInstance } from 'fastify';
import { compareLocalDates, localDate, parseLocalDate } from '@app/shared/compliances/validity';
import type { DocumentForm } from '@app/shared/pre-registration/schemas';
import { PERSON_DOCUMENT_LIMITS } from '@app/shared/pre-registration/schemas';
import { safeTimeZone } from '@app/shared/time-zones';
import { AppError } from '../../lib/app-error';
import { checkDocument } from '../../lib/documents';
import { cleanFileName } from '../../lib/file-serving';
import { newId } from '../../lib/ids';
import { randomToken } from '../../lib/tokens';
import { askedOf } from '../compliances/compliance-content';
import { agreementFileKey } from '../compliances/compliance-files';
import { insertPersonDocument, writeLinkAudit } from './pre-registration.repository';
import { followComplianceMails } from '../compliance-mails/compliance-mails.jobs';
import { linkCompliance, loadUsable, unknownLink, withVisitLink } from './linked-visit';
import { finishCompliance, notAsked, recordAnswer } from './online-compliance.service';

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
