// A person's vaccine and test documents as the users screens keep them (spec §3 "Vaccine or test
// document", §4 "Document status: includes DELETED and a vaccine toggle", §7 POST /user_document,
// GET /get_type_for_user_document, PUT /user_document/{id}). A document answers a vaccine/PCR compliance:
// the answer it makes counts at sign-in for the compliance's frequency, until the toggle turns it off.
import { z } from 'zod';
import { VACCINE_STATUSES } from '../compliances/responses';
import { VACCINE_PROTOCOLS } from '../compliances/schemas';
import { DOCUMENT_TYPES, documentFormSchema, PERSON_DOCUMENT_LIMITS } from '../pre-registration/schemas';

export { DOCUMENT_TYPES, PERSON_DOCUMENT_LIMITS };
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** GET /people/document-types: what a document can be for — the company's vaccine/PCR compliances. */
export const documentTypeSchema = z.object({
  compliance_id: z.uuid(),
  name: z.string(),
  /** covid_vaccine always; test when the compliance accepts a negative PCR test. */
  types: z.array(z.enum(DOCUMENT_TYPES)),
  protocols: z.array(z.enum(VACCINE_PROTOCOLS)),
  pcr_valid_days: z.number().int().nullable(),
});
export type DocumentTypeOption = z.infer<typeof documentTypeSchema>;
export const documentTypesSchema = z.object({ data: z.array(documentTypeSchema) });

/** POST /people/{id}/documents: multipart fields beside the `file` (PDF, PNG or JPG), as a visitor's link takes them. */
export const personDocumentFormSchema = documentFormSchema;
export type PersonDocumentForm = z.output<typeof personDocumentFormSchema>;
export type PersonDocumentFormInput = z.input<typeof personDocumentFormSchema>;

/**
 * PUT /people/{id}/documents/{documentId} (spec `PUT /user_document/{id}` with a status): `active` turns
 * the vaccine toggle on (the document is judged again and counts), `disabled` turns it off (its answer
 * stops counting), `deleted` removes it from the person (spec DELETED; kept for the audit).
 */
export const DOCUMENT_STATUS_CHANGES = ['active', 'disabled', 'deleted'] as const;
export type DocumentStatusChange = (typeof DOCUMENT_STATUS_CHANGES)[number];
export const documentStatusBodySchema = z.object({ status: z.enum(DOCUMENT_STATUS_CHANGES) });
export type DocumentStatusBody = z.infer<typeof documentStatusBodySchema>;

export const personDocumentParams = z.object({ id: z.uuid(), documentId: z.uuid() });

export const personDocumentSchema = z.object({
  id: z.uuid(),
  person_id: z.uuid(),
  compliance_id: z.uuid().nullable(),
  compliance_name: z.string().nullable(),
  type: z.enum(DOCUMENT_TYPES),
  /** Spec §4 Vaccine/PCR status, as judged when uploaded or turned on again; `disabled` while off. */
  status: z.enum(VACCINE_STATUSES),
  /** The vaccine toggle. */
  enabled: z.boolean(),
  protocol: z.enum(VACCINE_PROTOCOLS).nullable(),
  result: z.enum(['negative', 'positive']).nullable(),
  start_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  notes: z.string().nullable(),
  file_name: z.string().nullable(),
  /** Where the file is read (null when the document has none). */
  file_url: z.string().nullable(),
  /** Uploaded by the visitor through a visit's link, or added on the users screen. */
  visit_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PersonDocument = z.infer<typeof personDocumentSchema>;
export const personDocumentListSchema = z.object({ data: z.array(personDocumentSchema) });
