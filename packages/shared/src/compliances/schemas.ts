// Compliance (spec §3 "Compliance", §4 "Compliance frequency", §5 "Compliance"): an entry condition a
// person completes before getting in. One schema per operation, used by the server routes, the API
// document and the dashboard form.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { MAX_INT4, pageQuery } from '../http/paging';

export const COMPLIANCE_FORMATS = ['question', 'agreement', 'statement', 'vaccine'] as const;
export type ComplianceFormat = (typeof COMPLIANCE_FORMATS)[number];

/** Spec §4 "Compliance frequency": how long an answer counts before it is asked again. */
export const COMPLIANCE_FREQUENCIES = ['every_time', 'daily', 'weekly', 'monthly', 'once', 'until_expiry'] as const;
export type ComplianceFrequency = (typeof COMPLIANCE_FREQUENCIES)[number];

/** Agreement text, or a PDF or image file to read (spec §3 "agreement text (text, pdf or image)"). */
export const AGREEMENT_KINDS = ['text', 'file'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

/**
 * Vaccines a vaccine / PCR compliance may accept ("protocols"): the products of the EU Digital COVID
 * Certificate value set and the WHO emergency use listing.
 */
export const VACCINE_PROTOCOLS = [
  'comirnaty',
  'spikevax',
  'vaxzevria',
  'jcovden',
  'nuvaxovid',
  'vidprevtyr',
  'bimervax',
  'covishield',
  'covaxin',
  'sinopharm_bibp',
  'coronavac',
] as const;
export type VaccineProtocol = (typeof VACCINE_PROTOCOLS)[number];

export const AGREEMENT_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type AgreementFileType = (typeof AGREEMENT_FILE_TYPES)[number];

export const COMPLIANCE_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  questionsMax: 20,
  answersMin: 2,
  answersMax: 10,
  questionMax: 500,
  answerMax: 200,
  agreementTextMax: 20_000,
  statementMax: 5_000,
  /** Spec §5: validation days are numeric, at most 3 digits. */
  validityDaysMin: 1,
  validityDaysMax: 999,
  /** Spec §5: compliance is not sent less than 5 minutes before a visit. */
  sendBeforeMin: 5,
  sendBeforeMax: 7 * 24 * 60,
  sendBeforeDefault: 24 * 60,
  /** Spec §5: reminders are at least 30 minutes apart. */
  reminderMin: 30,
  reminderMax: 7 * 24 * 60,
  reminderDefault: 4 * 60,
  pcrValidDaysMin: 1,
  pcrValidDaysMax: 30,
  /** Agreement files: a PDF or a PNG/JPG image, checked by content, at most 5 MB. */
  fileMaxBytes: 5 * 1024 * 1024,
  fileNameMax: LIMITS.fileNameMax,
  /** Spec §9: a wrong answer is justified by notes of at least 20 characters. */
  notesMin: LIMITS.complianceNoteMin,
  notesMax: 500,
  responsesMax: 50,
} as const;
const L = COMPLIANCE_LIMITS;

/** Ids of questions and answers: kept across versions so answers can name what they chose. */
export const itemIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

const text = (max: number) => z.string().trim().min(1).max(max);

export const questionAnswerSchema = z.object({
  id: itemIdSchema.optional(),
  answer: text(L.answerMax),
  correct: z.boolean().default(false),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

export const questionSchema = z.object({
  id: itemIdSchema.optional(),
  question: text(L.questionMax),
  answers: z
    .array(questionAnswerSchema)
    .min(L.answersMin, { message: 'compliance_answers_min' })
    .max(L.answersMax)
    // Spec §5: at least one answer checked as correct.
    .refine((answers) => answers.some((a) => a.correct), { message: 'compliance_correct_answer_required' }),
});
export type Question = z.infer<typeof questionSchema>;

export const questionContentSchema = z.object({
  questions: z.array(questionSchema).min(1, { message: 'compliance_questions_required' }).max(L.questionsMax),
});

/** An uploaded agreement file; the server reads its type and size from the stored file itself. */
export const agreementFileSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}\.(pdf|png|jpg)$/),
  name: z.string().trim().min(1).max(L.fileNameMax),
  mime: z.enum(AGREEMENT_FILE_TYPES),
  size: z.number().int().min(1).max(L.fileMaxBytes),
});
export type AgreementFile = z.infer<typeof agreementFileSchema>;

export const agreementContentSchema = z
  .object({
    agreement_type: z.enum(AGREEMENT_KINDS),
    agreement_text: z.string().trim().max(L.agreementTextMax).default(''),
    file: agreementFileSchema.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.agreement_type === 'text' && value.agreement_text === '') {
      ctx.addIssue({ code: 'custom', path: ['agreement_text'], message: 'compliance_agreement_text_required' });
    }
    if (value.agreement_type === 'file' && !value.file) {
      ctx.addIssue({ code: 'custom', path: ['file'], message: 'compliance_agreement_file_required' });
    }
  })
  // Only what the chosen kind uses is kept.
  .transform((value) =>
    value.agreement_type === 'text'
      ? { agreement_type: 'text' as const, agreement_text: value.agreement_text, file: null }
      : { agreement_type: 'file' as const, agreement_text: '', file: value.file },
  );

export const statementContentSchema = z.object({ statement: text(L.statementMax) });

export const vaccineContentSchema = z
  .object({
    protocols: z
      .array(z.enum(VACCINE_PROTOCOLS))
      .max(VACCINE_PROTOCOLS.length)
      .default([])
      .transform((list) => VACCINE_PROTOCOLS.filter((p) => list.includes(p))),
    accept_negative_pcr: z.boolean().default(false),
    pcr_valid_days: z.number().int().min(L.pcrValidDaysMin).max(L.pcrValidDaysMax).nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.protocols.length === 0 && !value.accept_negative_pcr) {
      ctx.addIssue({ code: 'custom', path: ['protocols'], message: 'compliance_vaccine_nothing_accepted' });
    }
    if (value.accept_negative_pcr && value.pcr_valid_days === null) {
      ctx.addIssue({ code: 'custom', path: ['pcr_valid_days'], message: 'compliance_pcr_days_required' });
    }
  })
  .transform((value) => ({ ...value, pcr_valid_days: value.accept_negative_pcr ? value.pcr_valid_days : null }));

export type QuestionContent = z.output<typeof questionContentSchema>;
export type AgreementContent = z.output<typeof agreementContentSchema>;
export type StatementContent = z.output<typeof statementContentSchema>;
export type VaccineContent = z.output<typeof vaccineContentSchema>;

/** What a compliance asks, by format. */
export type ComplianceContentOf = {
  question: QuestionContent;
  agreement: AgreementContent;
  statement: StatementContent;
  vaccine: VaccineContent;
};

/** How the online compliance of a later issue is sent (spec §5: 5 minutes before, reminders 30 apart). */
export const complianceSettingsSchema = z.object({
  send_before_minutes: z.number().int().min(L.sendBeforeMin).max(L.sendBeforeMax).default(L.sendBeforeDefault),
  reminder_interval_minutes: z.number().int().min(L.reminderMin).max(L.reminderMax).default(L.reminderDefault),
});
export type ComplianceSettings = z.output<typeof complianceSettingsSchema>;
export const DEFAULT_COMPLIANCE_SETTINGS: ComplianceSettings = {
  send_before_minutes: L.sendBeforeDefault,
  reminder_interval_minutes: L.reminderDefault,
};

const base = {
  name: z.string().trim().min(L.nameMin).max(L.nameMax),
  frequency: z.enum(COMPLIANCE_FREQUENCIES),
  /** Required, and kept, only for "valid until expiry". */
  validity_days: z.number().int().min(L.validityDaysMin).max(L.validityDaysMax).nullable().default(null),
  settings: complianceSettingsSchema.default(DEFAULT_COMPLIANCE_SETTINGS),
};

/** POST /compliances and PUT /compliances/{id}. */
export const complianceBodySchema = z
  .discriminatedUnion('format', [
    z.object({ ...base, format: z.literal('question'), content: questionContentSchema }),
    z.object({ ...base, format: z.literal('agreement'), content: agreementContentSchema }),
    z.object({ ...base, format: z.literal('statement'), content: statementContentSchema }),
    z.object({ ...base, format: z.literal('vaccine'), content: vaccineContentSchema }),
  ])
  .superRefine((value, ctx) => {
    if (value.frequency === 'until_expiry' && value.validity_days === null) {
      ctx.addIssue({ code: 'custom', path: ['validity_days'], message: 'compliance_validity_days_required' });
    }
  })
  .transform((value) => ({ ...value, validity_days: value.frequency === 'until_expiry' ? value.validity_days : null }));
export type ComplianceBodyInput = z.input<typeof complianceBodySchema>;
export type ComplianceBody = z.output<typeof complianceBodySchema>;

/** What a compliance asks, as stored per version (ids filled in). */
export type ComplianceAsked = Pick<ComplianceBody, 'name' | 'format' | 'frequency' | 'validity_days' | 'content'>;

const journeyRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const complianceListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  format: z.enum(COMPLIANCE_FORMATS),
  frequency: z.enum(COMPLIANCE_FREQUENCIES),
  validity_days: z.number().int().nullable(),
  version: z.number().int(),
  /** Answers recorded, on any version. */
  response_count: z.number().int(),
  /** The journeys whose flows ask it: while there are any it cannot be deleted. */
  journeys: z.array(journeyRefSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ComplianceListItem = z.infer<typeof complianceListItemSchema>;

const storedQuestionContent = z.object({
  questions: z.array(
    z.object({
      id: itemIdSchema,
      question: z.string(),
      answers: z.array(z.object({ id: itemIdSchema, answer: z.string(), correct: z.boolean() })),
    }),
  ),
});
const storedAgreementContent = z.object({
  agreement_type: z.enum(AGREEMENT_KINDS),
  agreement_text: z.string(),
  file: agreementFileSchema.nullable(),
});
const storedStatementContent = z.object({ statement: z.string() });
const storedVaccineContent = z.object({
  protocols: z.array(z.enum(VACCINE_PROTOCOLS)),
  accept_negative_pcr: z.boolean(),
  pcr_valid_days: z.number().int().nullable(),
});

const askedFields = {
  name: z.string(),
  frequency: z.enum(COMPLIANCE_FREQUENCIES),
  validity_days: z.number().int().nullable(),
};
/** What was asked at one version, as answers read it. */
export const complianceAskedSchema = z.discriminatedUnion('format', [
  z.object({ ...askedFields, format: z.literal('question'), content: storedQuestionContent }),
  z.object({ ...askedFields, format: z.literal('agreement'), content: storedAgreementContent }),
  z.object({ ...askedFields, format: z.literal('statement'), content: storedStatementContent }),
  z.object({ ...askedFields, format: z.literal('vaccine'), content: storedVaccineContent }),
]);
export type StoredAsked = z.infer<typeof complianceAskedSchema>;
export type StoredQuestionContent = z.infer<typeof storedQuestionContent>;

export const complianceVersionSchema = complianceAskedSchema.and(
  z.object({ compliance_id: z.uuid(), version: z.number().int(), created_at: z.string() }),
);
export type ComplianceVersion = z.infer<typeof complianceVersionSchema>;

export const complianceSchema = complianceAskedSchema.and(
  z.object({
    id: z.uuid(),
    version: z.number().int(),
    settings: complianceSettingsSchema,
    response_count: z.number().int(),
    journeys: z.array(journeyRefSchema),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type Compliance = z.infer<typeof complianceSchema>;

export const COMPLIANCE_SORT_FIELDS = ['name', 'format', 'frequency', 'version', 'created_at', 'updated_at'] as const;
export type ComplianceSortField = (typeof COMPLIANCE_SORT_FIELDS)[number];

/** One value or many (`?format=a&format=b`), always read as a list. */
const listOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.array(z.enum(values)).max(values.length)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional();

export const listCompliancesQuerySchema = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  format: listOf(COMPLIANCE_FORMATS),
  frequency: listOf(COMPLIANCE_FREQUENCIES),
  sortField: z.enum(COMPLIANCE_SORT_FIELDS).default('name'),
  orderBy: z.enum(['asc', 'desc']).default('asc'),
});
export type ListCompliancesQuery = z.input<typeof listCompliancesQuerySchema>;
export type ListCompliancesParams = z.output<typeof listCompliancesQuerySchema>;

// A version is an integer column: a larger number is no version, and must not reach the database.
const versionNumber = z.coerce.number().int().min(1).max(MAX_INT4);
export const complianceVersionParams = z.object({ id: z.uuid(), version: versionNumber });
export const complianceFileQuerySchema = z.object({ version: versionNumber.optional() });

/** GET /compliances/{id}/can-edit (spec can_edit_compliance and "can-change-format"). */
export const complianceCanEditSchema = z.object({
  version: z.number().int(),
  /** Someone has answered it: a change makes a new version, and earlier answers keep theirs. */
  answered: z.boolean(),
  response_count: z.number().int(),
  people_count: z.number().int(),
  /** The format is fixed once it has been answered. */
  can_change_format: z.boolean(),
  journeys: z.array(journeyRefSchema),
});
export type ComplianceCanEdit = z.infer<typeof complianceCanEditSchema>;

/** POST /compliances/files: an agreement file kept for a compliance to point at. */
export const uploadedAgreementFileSchema = agreementFileSchema;
