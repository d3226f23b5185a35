// The public pre-registration pages (spec /pre-registration/:id?, /e/:id?, /online-compliance/:id?,
// /c/:visitUrl/:code?, §3 Pre-registration state, Visit details (by link), Compliance flags, §5
// "Pre-registration server checks", §7 "Pre-registration"). No sign-in: every answer says only what the
// page needs, and nothing about other people beyond what the spec's checks say.
import { z } from 'zod';
import { responseItemSchema, VACCINE_STATUSES } from '../compliances/responses';
import { COMPLIANCE_FORMATS, COMPLIANCE_FREQUENCIES, VACCINE_PROTOCOLS } from '../compliances/schemas';
import { ANSWER_STATUSES } from '../compliances/answer-status';
import { CUSTOM_FIELD_TYPES } from '../custom-fields/schemas';
import { complianceFlagsSchema } from '../journeys/flow-settings';
import { personFieldValueInputSchema } from '../people/schemas';
import { PROFILE_FIELDS, REGISTRATION_METHODS } from '../user-types/schemas';
import { JOURNEY_STAGES } from '../visits/stages';
import {
  EXPECTED_VISIT_LIMITS,
  visitDateSchema,
  visitTimeSchema,
  visitorContactShape,
} from '../expected-visits/schemas';
import { LINK_STATES } from './link-expiry';

/** A link's id: a user type's self-registration code or a visit's link token. Unknown ones read as expired. */
export const linkIdParam = z.object({ id: z.string().min(1).max(128) });
export const visitTokenParam = z.object({ token: z.string().min(1).max(128) });

const ref = z.object({ id: z.uuid(), name: z.string() });

export const publicCompanySchema = z.object({ name: z.string(), logo_url: z.string().nullable() });

/** Spec §3 Visit details (by link): visitMetadata. */
export const visitMetadataSchema = z.object({
  is_expired: z.boolean(),
  reason: z.enum(LINK_STATES).nullable(),
  is_confirmed: z.boolean(),
  /** The page's message for an expired link, translated (spec §8 expiry messages). */
  message: z.string().nullable(),
});
export type VisitMetadata = z.infer<typeof visitMetadataSchema>;

export const publicCustomFieldSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.record(z.string(), z.unknown()),
  required: z.boolean(),
  section: ref,
  /** The offered user types its section is asked of; empty: every type. */
  user_type_ids: z.array(z.uuid()),
});

/** How a flow asks for a host (spec GET /api/hosts/settings/{journey_id}/{user_type_id}). */
export const hostSettingsSchema = z.object({
  /** The flow asks for a host. */
  asked: z.boolean(),
  /** A host must be chosen (host asked and not allow_not_select_host). */
  required: z.boolean(),
  /** Only the flow's listed hosts may be chosen (select_host_permitted). */
  only_listed: z.boolean(),
  note: z.string(),
});
export type HostSettings = z.infer<typeof hostSettingsSchema>;

/** What the visitor must give for a flow (spec "validations"). */
export const visitValidationsSchema = z.object({
  registration_method: z.enum(REGISTRATION_METHODS),
  compliance_flags: complianceFlagsSchema,
  mandatory_profile_data: z.array(z.enum(PROFILE_FIELDS)),
  /** A photo must be sent: the flow needs an image and the person has none (spec §5). */
  photo_needed: z.boolean(),
  host: hostSettingsSchema,
  custom_fields: z.array(publicCustomFieldSchema),
});

/** Spec §3 Visit details (by link), GET /public/visits/{token}. */
export const visitByLinkSchema = z.object({
  visitMetadata: visitMetadataSchema,
  /**
   * The person has a passport: a login identity, or their address is the verified address of an active
   * passport account. The expired page offers it (spec /link-expired).
   */
  user_has_passport: z.boolean(),
  visitId: z.uuid().nullable(),
  company: publicCompanySchema.nullable(),
  stage: z.enum(JOURNEY_STAGES).nullable(),
  /** The expected time on the company's clock, `YYYY-MM-DD HH:mm:ss` (spec §9). */
  expectedDateTime: z.string().nullable(),
  expected_at: z.string().nullable(),
  timezone: z.string().nullable(),
  user: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      phone_code: z.string().nullable(),
      phone: z.string().nullable(),
      company_name: z.string().nullable(),
    })
    .nullable(),
  site: ref.nullable(),
  area: ref.nullable(),
  user_type: ref.nullable(),
  hosts: z.array(z.object({ id: z.uuid(), full_name: z.string() })),
  validations: visitValidationsSchema.nullable(),
});
export type VisitByLink = z.infer<typeof visitByLinkSchema>;

export const offeredUserTypeSchema = ref.extend({
  registration_method: z.enum(REGISTRATION_METHODS),
  can_switch_own_type: z.boolean(),
  mandatory_profile_data: z.array(z.enum(PROFILE_FIELDS)),
  /** False for 'pre-registered by admin': the link cannot register this type. */
  registration_available: z.boolean(),
});

export const offeredFlowSchema = z.object({
  flow_id: z.uuid(),
  journey_id: z.uuid(),
  user_type_id: z.uuid(),
  sites: z.array(ref.extend({ areas: z.array(ref) })),
  compliance_flags: complianceFlagsSchema,
  host: hostSettingsSchema,
});

/** GET /public/pre-registration/{id}: a self-registration link, a confirmation link, or an expired one. */
export const preRegistrationInfoSchema = z.object({
  kind: z.enum(['self_registration', 'confirmation', 'expired']),
  company: publicCompanySchema.nullable(),
  timezone: z.string().nullable(),
  /** Self-registration: the link's user type first, then those it may switch to. */
  user_types: z.array(offeredUserTypeSchema),
  flows: z.array(offeredFlowSchema),
  custom_fields: z.array(publicCustomFieldSchema),
  /** Why the link cannot register, translated (e.g. registration not available via this link). */
  message: z.string().nullable(),
  /** Confirmation and expired links: the visit as GET /public/visits/{token} gives it. */
  visit: visitByLinkSchema.nullable(),
  /**
   * The passport's address, where a holder fills the form from their passport (`/share?link=`); null
   * when the installation runs no passport.
   */
  passport_url: z.string().nullable(),
});
export type PreRegistrationInfo = z.infer<typeof preRegistrationInfoSchema>;

/** GET /public/passport: where the public pages send a passport's holder (null: no passport here). */
export const publicPassportSchema = z.object({ passport_url: z.string().nullable() });
export type PublicPassport = z.infer<typeof publicPassportSchema>;

/** Spec §5 "Host search starts after the first name plus two letters of the second name". */
export const hostQueryReady = (query: string): boolean => /^\S+\s+\S{2,}/u.test(query.trim());

export const hostSearchBodySchema = z.object({
  flow_id: z.uuid(),
  query: z.string().trim().max(100).refine(hostQueryReady, { message: 'pre_registration_host_query_short' }),
});
/** Names only. */
export const hostSearchResultSchema = z.object({ data: z.array(z.object({ id: z.uuid(), full_name: z.string() })) });

const contactLookup = {
  email: z.string().trim().toLowerCase().max(255).optional(),
  phone_code: z
    .string()
    .trim()
    .transform((v) => v.replace(/^\+/, ''))
    .optional(),
  phone: z.string().trim().max(13).optional(),
};

/** Spec validate_user_type_pre_registration and check_user_entity. */
export const checkUserBodySchema = z.object({ user_type_id: z.uuid(), ...contactLookup });
/**
 * Whether the person may register as the type. A public link holder learns nothing more (decision 018):
 * an unknown person and a known one who may register get the same answer; only a person already
 * registered with another type they may not leave is refused, with the spec's message.
 */
export const checkUserResultSchema = z.object({
  allowed: z.boolean(),
  message: z.string().nullable(),
});
export type CheckUserResult = z.infer<typeof checkUserResultSchema>;

/** Spec validate-expected-visit: a visit on the same day answers error_date with a title and body. */
export const checkVisitBodySchema = z.object({
  ...contactLookup,
  area_id: z.uuid(),
  visit_date: visitDateSchema,
  visit_time: visitTimeSchema,
});
export const checkVisitResultSchema = z.object({
  visit_exists: z.boolean(),
  error_date: z.object({ title: z.string(), body: z.string() }).nullable(),
});

/** A JSON list sent as one form field (multipart bodies carry text only). */
const jsonList = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, z.array(item).max(max));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

/**
 * POST /public/pre-registrations (spec create-expected-visit): multipart form fields, with an optional
 * `photo` file sent only when the flow needs an image and the person has none.
 */
export const preRegistrationFormSchema = z.object({
  link_id: z.string().min(1).max(128),
  user_type_id: z.uuid(),
  area_id: z.uuid(),
  visit_date: visitDateSchema,
  visit_time: visitTimeSchema,
  ...visitorContactShape,
  host_ids: jsonList(z.uuid(), EXPECTED_VISIT_LIMITS.hostsMax)
    .refine((list) => new Set(list).size === list.length, { message: 'expected_visit_duplicate_hosts' })
    .default([]),
  host_message: optionalText(EXPECTED_VISIT_LIMITS.hostMessageMax),
  custom_fields: jsonList(personFieldValueInputSchema, 200).default([]),
});
export type PreRegistrationForm = z.output<typeof preRegistrationFormSchema>;

/** POST /public/visits/{token}/confirm (spec confirm/visit and the passport's /api/visit/confirm). */
export const confirmVisitFormSchema = z.object({
  ...visitorContactShape,
  host_message: optionalText(EXPECTED_VISIT_LIMITS.hostMessageMax),
  custom_fields: jsonList(personFieldValueInputSchema, 200).default([]),
});
export type ConfirmVisitForm = z.output<typeof confirmVisitFormSchema>;

/** Where the visit stands on approval, read from its stage: what the success page says is what the admin sees. */
export const APPROVAL_STATES = ['not_needed', 'awaiting', 'approved', 'auto_approved'] as const;

/** What the success page shows: the visit's QR (its link code) and where it stands. */
export const preRegistrationDoneSchema = z.object({
  message: z.string(),
  visit_id: z.uuid(),
  stage: z.enum(JOURNEY_STAGES),
  approval: z.enum(APPROVAL_STATES),
  /** data: URL of a PNG QR code holding the visit's link code (spec local_qr). */
  qr: z.string(),
  link_code: z.string(),
  /** Where the visitor answers the compliance online, when the flow asks any. */
  compliance_url: z.string().nullable(),
  expectedDateTime: z.string(),
  /**
   * The id of the visit's pass page, /pre-registration/{pass_id}/success: the QR and where the visit
   * stands, reloadable on any device (the visit's link token, as emailed to the visitor).
   */
  pass_id: z.string(),
});
export type PreRegistrationDone = z.infer<typeof preRegistrationDoneSchema>;

/** GET /public/visits/{token}/pass: the pass page of a visit, or why it no longer works. */
export const visitPassSchema = z.object({
  visitMetadata: visitMetadataSchema,
  company: publicCompanySchema.nullable(),
  /** The visit as the success page shows it; null when the link no longer works. */
  visit: preRegistrationDoneSchema
    .extend({
      site: z.string().nullable(),
      area: z.string().nullable(),
    })
    .nullable(),
});
export type VisitPass = z.infer<typeof visitPassSchema>;

// ---- online compliance ----

/** A question as the visitor sees it: which answer is right is never sent. */
const publicContentSchema = z.union([
  z.object({
    questions: z.array(
      z.object({
        id: z.string(),
        question: z.string(),
        answers: z.array(z.object({ id: z.string(), answer: z.string() })),
      }),
    ),
  }),
  z.object({
    agreement_type: z.string(),
    agreement_text: z.string(),
    file: z.object({ name: z.string(), mime: z.string(), size: z.number() }).nullable(),
  }),
  z.object({ statement: z.string() }),
  z.object({
    protocols: z.array(z.enum(VACCINE_PROTOCOLS)),
    accept_negative_pcr: z.boolean(),
    pcr_valid_days: z.number().nullable(),
  }),
]);

export const onlineComplianceItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  format: z.enum(COMPLIANCE_FORMATS),
  frequency: z.enum(COMPLIANCE_FREQUENCIES),
  version: z.number().int(),
  required: z.boolean(),
  content: publicContentSchema,
  /** The answer that counts for this visit, if any: then it is not asked again. */
  answer: z
    .object({
      status: z.enum(ANSWER_STATUSES),
      vaccine_status: z.enum(VACCINE_STATUSES),
      answered_at: z.string(),
      valid_until: z.string().nullable(),
    })
    .nullable(),
});

/** GET /public/visits/{token}/compliance. */
export const onlineComplianceSchema = z.object({
  visitMetadata: visitMetadataSchema,
  user_has_passport: z.boolean(),
  visitId: z.uuid().nullable(),
  stage: z.enum(JOURNEY_STAGES).nullable(),
  compliances: z.array(onlineComplianceItemSchema),
});
export type OnlineCompliance = z.infer<typeof onlineComplianceSchema>;

/** POST /public/visits/{token}/compliance: answers (vaccine and test documents go with their file). */
export const onlineComplianceBodySchema = z.object({
  responses: z
    .array(responseItemSchema.omit({ document: true }))
    .min(1)
    .max(50)
    .refine((items) => new Set(items.map((i) => i.compliance_id)).size === items.length, {
      message: 'compliance_response_duplicate',
    }),
});

export const DOCUMENT_TYPES = ['covid_vaccine', 'test'] as const;
export const PERSON_DOCUMENT_LIMITS = { fileMaxBytes: 5 * 1024 * 1024, notesMax: 500 } as const;

/** POST /public/visits/{token}/documents: multipart fields beside the `file` (PDF, PNG or JPG). */
export const documentFormSchema = z
  .object({
    compliance_id: z.uuid(),
    type: z.enum(DOCUMENT_TYPES),
    protocol: z.enum(VACCINE_PROTOCOLS).optional(),
    result: z.enum(['negative', 'positive']).optional(),
    start_date: visitDateSchema,
    expiry_date: visitDateSchema.optional(),
    notes: optionalText(PERSON_DOCUMENT_LIMITS.notesMax),
  })
  .superRefine((doc, ctx) => {
    if (doc.type === 'covid_vaccine' && !doc.protocol)
      ctx.addIssue({ code: 'custom', path: ['protocol'], message: 'compliance_protocol_required' });
    if (doc.type === 'test' && !doc.result)
      ctx.addIssue({ code: 'custom', path: ['result'], message: 'compliance_pcr_result_required' });
    if (doc.expiry_date && doc.expiry_date < doc.start_date)
      ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: 'pre_registration_document_dates' });
  });
export type DocumentForm = z.output<typeof documentFormSchema>;

export const documentSavedSchema = z.object({
  id: z.uuid(),
  status: z.enum(VACCINE_STATUSES),
  answer_status: z.enum(ANSWER_STATUSES),
  stage: z.enum(JOURNEY_STAGES).nullable(),
});

export const complianceAnsweredSchema = z.object({
  stage: z.enum(JOURNEY_STAGES).nullable(),
  answers: z.array(z.object({ compliance_id: z.uuid(), status: z.enum(ANSWER_STATUSES) })),
});

/** POST /public/visits/{token}/code: the /c/{visitUrl}/{code} form. */
export const linkCodeBodySchema = z.object({ code: z.string().trim().min(1).max(32) });
export const linkCodeResultSchema = z.object({ ok: z.literal(true) });
