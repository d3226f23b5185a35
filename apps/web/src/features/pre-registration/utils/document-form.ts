// The vaccination certificate or test result sent for a vaccine/PCR compliance (spec §3 "Vaccine or
// test document"): the file is a PDF, PNG or JPG known by its first bytes, at most 5 MB, and the fields
// are checked with the server's own schema.
import { documentFormSchema, PERSON_DOCUMENT_LIMITS, type DOCUMENT_TYPES } from '@app/shared/pre-registration/schemas';
import type { VaccineProtocol } from '@app/shared/compliances/schemas';
import { imageKind } from '@/lib/image-check';
import { zodFormErrors } from '@/lib/form-errors';
import { labelVars } from '@app/shared/http/field-messages';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export const DOCUMENT_ACCEPT = 'application/pdf,image/png,image/jpeg';

export type DocumentValues = {
  type: (typeof DOCUMENT_TYPES)[number];
  protocol: VaccineProtocol | null;
  result: 'negative' | 'positive' | null;
  start_date: string | null;
  expiry_date: string | null;
  notes: string;
};

export const emptyDocument = (protocols: readonly VaccineProtocol[]): DocumentValues => ({
  type: 'covid_vaccine',
  protocol: protocols.length === 1 ? protocols[0]! : null,
  result: null,
  start_date: null,
  expiry_date: null,
  notes: '',
});

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];

export type DocumentFileProblem = { code: 'pre_registration_document_type' } | { code: 'file_too_large'; size: string };

/** The first rule the file breaks, or null: PDF, PNG or JPG by content, at most 5 MB. */
export async function checkDocumentFile(file: Pick<Blob, 'size' | 'slice'>): Promise<DocumentFileProblem | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const pdf = PDF.every((byte, i) => head[i] === byte);
  if (!pdf && !imageKind(head)) return { code: 'pre_registration_document_type' };
  if (file.size > PERSON_DOCUMENT_LIMITS.fileMaxBytes) {
    return { code: 'file_too_large', size: `${PERSON_DOCUMENT_LIMITS.fileMaxBytes / 1024 / 1024} MB` };
  }
  return null;
}

/** The form fields as the API takes them: only what the document's type uses. */
export function documentFields(complianceId: string, values: DocumentValues) {
  return {
    compliance_id: complianceId,
    type: values.type,
    ...(values.type === 'covid_vaccine' ? { protocol: values.protocol ?? undefined } : {}),
    ...(values.type === 'test' ? { result: values.result ?? undefined } : {}),
    start_date: values.start_date ?? '',
    ...(values.expiry_date ? { expiry_date: values.expiry_date } : {}),
    ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
  };
}

/** Every message before sending, by field (`file` when none is chosen). */
export function documentIssues(
  complianceId: string,
  values: DocumentValues,
  file: File | null,
  t: Translate,
): Record<string, string> {
  const errors = zodFormErrors(documentFormSchema, documentFields(complianceId, values), t);
  if (!values.start_date) errors.start_date = t('errors:field.required', labelVars('errors:fields.start_date', t));
  if (!file) errors.file = t('errors:file_required');
  return errors;
}

export function documentFormData(complianceId: string, values: DocumentValues, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(documentFields(complianceId, values))) form.append(name, value);
  form.append('file', file);
  return form;
}
