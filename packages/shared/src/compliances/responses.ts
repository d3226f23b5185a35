// A person's answers to compliances (spec §3 "User compliance", §7 create_compliance_user,
// get_compliance_user, get_compliance_user_details), and how an answer is judged against the version
// it answered. The judging is pure, so a screen can show what the server will record.
import { z } from 'zod';
import { MAX_INT4, pageQuery } from '../http/paging';
import { answerStatus, ANSWER_STATUSES, type AnswerStatus } from './answer-status';
import {
  complianceAskedSchema,
  COMPLIANCE_FORMATS,
  COMPLIANCE_FREQUENCIES,
  COMPLIANCE_LIMITS,
  itemIdSchema,
  VACCINE_PROTOCOLS,
  type StoredAsked,
} from './schemas';
import {
  addDays,
  answerValidUntil,
  compareLocalDates,
  endOfLocalDay,
  localDate,
  parseLocalDate,
  type LocalDate,
} from './validity';

const L = COMPLIANCE_LIMITS;

/** Spec §4 "Vaccine/PCR status". */
export const VACCINE_STATUSES = [
  'not_applicable',
  'vaccinated',
  'negative_pcr',
  'positive_pcr',
  'unchecked',
  'expired',
  'not_supported',
  'disabled',
] as const;
export type VaccineStatus = (typeof VACCINE_STATUSES)[number];

export const VACCINE_DOCUMENT_TYPES = ['vaccine', 'test'] as const;
export const PCR_RESULTS = ['negative', 'positive'] as const;

const isoDate = z.iso.date();

/** Spec §3 "Vaccine or test document", as declared with the answer (type covid_vaccine or test). */
export const vaccineDocumentSchema = z
  .object({
    type: z.enum(VACCINE_DOCUMENT_TYPES),
    /** The vaccine, for a vaccination. */
    protocol: z.enum(VACCINE_PROTOCOLS).nullable().default(null),
    /** The result, for a test. */
    result: z.enum(PCR_RESULTS).nullable().default(null),
    /** Date of the last dose, or of the test sample (YYYY-MM-DD). */
    date: isoDate,
    /** When the certificate itself expires, if it says. */
    expiry_date: isoDate.nullable().default(null),
  })
  .superRefine((doc, ctx) => {
    if (doc.type === 'vaccine' && !doc.protocol) {
      ctx.addIssue({ code: 'custom', path: ['protocol'], message: 'compliance_protocol_required' });
    }
    if (doc.type === 'test' && !doc.result) {
      ctx.addIssue({ code: 'custom', path: ['result'], message: 'compliance_pcr_result_required' });
    }
  });
export type VaccineDocument = z.output<typeof vaccineDocumentSchema>;

/** One compliance answered: what the person chose, by the compliance's format. */
export const responseItemSchema = z.object({
  compliance_id: z.uuid(),
  /** The version the person was shown; the current one when left out. */
  version: z.number().int().min(1).max(MAX_INT4).optional(),
  /** Question format: one answer per question. */
  answers: z
    .array(z.object({ question_id: itemIdSchema, answer_id: itemIdSchema }))
    .max(L.questionsMax)
    .optional(),
  /** Agreement and statement formats: whether the person agreed. */
  accepted: z.boolean().optional(),
  /** Vaccine format: the vaccination or test. */
  document: vaccineDocumentSchema.optional(),
  /** Why a wrong answer is still acceptable: 20 characters or more make it justified (spec §4). */
  notes: z.string().trim().max(L.notesMax).nullable().optional(),
});
export type ResponseItem = z.infer<typeof responseItemSchema>;

/** POST /people/{id}/compliance-responses (spec create_compliance_user, JSON form). */
export const recordResponsesBodySchema = z.object({
  /** The visit the answers were given for (visits come with their own issue). */
  visit_id: z.uuid().nullable().optional(),
  area_id: z.uuid().nullable().optional(),
  user_type_id: z.uuid().nullable().optional(),
  responses: z
    .array(responseItemSchema)
    .min(1)
    .max(L.responsesMax)
    .refine((items) => new Set(items.map((i) => i.compliance_id)).size === items.length, {
      message: 'compliance_response_duplicate',
    }),
});
export type RecordResponsesBody = z.infer<typeof recordResponsesBodySchema>;

/** What was answered, kept with the words of the version answered (spec "answer list (answer, complianceId, name)"). */
export const answerRecordSchema = z.union([
  z.object({
    kind: z.literal('question'),
    question_id: itemIdSchema,
    question: z.string(),
    answer_id: itemIdSchema,
    answer: z.string(),
    correct: z.boolean(),
  }),
  z.object({ kind: z.literal('acceptance'), accepted: z.boolean() }),
  z.object({
    kind: z.literal('document'),
    type: z.enum(VACCINE_DOCUMENT_TYPES),
    protocol: z.enum(VACCINE_PROTOCOLS).nullable(),
    result: z.enum(PCR_RESULTS).nullable(),
    date: z.string(),
    expiry_date: z.string().nullable(),
    vaccine_status: z.enum(VACCINE_STATUSES),
  }),
]);
export type AnswerRecord = z.infer<typeof answerRecordSchema>;

export const complianceResponseSchema = z.object({
  id: z.uuid(),
  compliance_id: z.uuid(),
  compliance_name: z.string(),
  format: z.enum(COMPLIANCE_FORMATS),
  frequency: z.enum(COMPLIANCE_FREQUENCIES),
  /** The version answered. */
  version: z.number().int(),
  /** The compliance's version now: higher when it changed since. */
  current_version: z.number().int(),
  visit_id: z.uuid().nullable(),
  area_id: z.uuid().nullable(),
  user_type_id: z.uuid().nullable(),
  answers: z.array(answerRecordSchema),
  notes: z.string().nullable(),
  status: z.enum(ANSWER_STATUSES),
  is_wrong: z.boolean(),
  is_completed: z.boolean(),
  vaccine_status: z.enum(VACCINE_STATUSES),
  answered_at: z.string(),
  valid_until: z.string().nullable(),
  /** Whether it still counts for a new visit now. */
  still_valid: z.boolean(),
});
export type ComplianceResponse = z.infer<typeof complianceResponseSchema>;

/** GET /people/{id}/compliance-responses/{responseId}: the answer with what was asked then. */
export const complianceResponseDetailsSchema = complianceResponseSchema.extend({ asked: complianceAskedSchema });
export type ComplianceResponseDetails = z.infer<typeof complianceResponseDetailsSchema>;

export const listResponsesQuerySchema = pageQuery.extend({
  compliance_id: z.uuid().optional(),
  visit_id: z.uuid().optional(),
  area_id: z.uuid().optional(),
  /** Only answers that still count for a new visit. */
  still_valid: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ListResponsesQuery = z.input<typeof listResponsesQuerySchema>;
export type ListResponsesParams = z.output<typeof listResponsesQuerySchema>;

export const personResponseParams = z.object({ id: z.uuid(), responseId: z.uuid() });

// ---- Judging an answer -------------------------------------------------------------------------

/** Why an answer cannot be judged: the message key and the field it is about. */
export type GradeProblem = { field: 'answers' | 'accepted' | 'document' | 'version'; messageKey: string };

export type Graded = {
  answers: AnswerRecord[];
  isWrong: boolean;
  status: AnswerStatus;
  vaccineStatus: VaccineStatus;
  validUntil: Date | null;
};

/**
 * A vaccination or test against a vaccine / PCR compliance, on the company's calendar day `today`:
 * an accepted vaccine (whose certificate has not expired) is vaccinated; a negative test within the PCR
 * valid days is negative PCR; a test the compliance does not take is disabled.
 */
export function vaccineStatusOf(
  rules: Extract<StoredAsked, { format: 'vaccine' }>['content'],
  doc: VaccineDocument,
  today: LocalDate,
): { status: VaccineStatus; endsOn: LocalDate | null } {
  const expiry = doc.expiry_date ? parseLocalDate(doc.expiry_date) : null;
  if (expiry && compareLocalDates(expiry, today) < 0) return { status: 'expired', endsOn: expiry };
  if (doc.type === 'vaccine') {
    if (!doc.protocol || !rules.protocols.includes(doc.protocol)) return { status: 'not_supported', endsOn: null };
    return { status: 'vaccinated', endsOn: expiry };
  }
  if (!rules.accept_negative_pcr || rules.pcr_valid_days === null) return { status: 'disabled', endsOn: null };
  if (doc.result === 'positive') return { status: 'positive_pcr', endsOn: null };
  const taken = parseLocalDate(doc.date);
  const lastDay = addDays(taken, rules.pcr_valid_days - 1);
  if (compareLocalDates(lastDay, today) < 0) return { status: 'expired', endsOn: lastDay };
  const endsOn = expiry && compareLocalDates(expiry, lastDay) < 0 ? expiry : lastDay;
  return { status: 'negative_pcr', endsOn };
}

/**
 * Judges one answer against the version it answered: which answers were wrong (from the answers
 * marked correct), the status (spec §4), and until when it counts (frequency, in the company's time
 * zone; a PCR test or certificate that ends sooner ends it sooner).
 */
export function gradeResponse(
  asked: StoredAsked,
  item: Pick<ResponseItem, 'answers' | 'accepted' | 'document' | 'notes'>,
  answeredAt: Date,
  timeZone: string,
): Graded | GradeProblem {
  let answers: AnswerRecord[];
  let isWrong: boolean;
  let vaccineStatus: VaccineStatus = 'not_applicable';
  let endsOn: LocalDate | null = null;
  switch (asked.format) {
    case 'question': {
      const given = item.answers ?? [];
      const byQuestion = new Map(given.map((a) => [a.question_id, a.answer_id]));
      if (byQuestion.size !== given.length) return { field: 'answers', messageKey: 'compliance_answer_twice' };
      if (given.some((a) => !asked.content.questions.some((q) => q.id === a.question_id))) {
        return { field: 'answers', messageKey: 'compliance_answer_unknown' };
      }
      answers = [];
      for (const q of asked.content.questions) {
        const answerId = byQuestion.get(q.id);
        if (answerId === undefined) return { field: 'answers', messageKey: 'compliance_answer_missing' };
        const chosen = q.answers.find((a) => a.id === answerId);
        if (!chosen) return { field: 'answers', messageKey: 'compliance_answer_unknown' };
        answers.push({
          kind: 'question',
          question_id: q.id,
          question: q.question,
          answer_id: chosen.id,
          answer: chosen.answer,
          correct: chosen.correct,
        });
      }
      isWrong = answers.some((a) => a.kind === 'question' && !a.correct);
      break;
    }
    case 'agreement':
    case 'statement': {
      if (item.accepted === undefined) return { field: 'accepted', messageKey: 'compliance_accepted_required' };
      answers = [{ kind: 'acceptance', accepted: item.accepted }];
      isWrong = !item.accepted;
      break;
    }
    case 'vaccine': {
      const doc = item.document;
      if (!doc) return { field: 'document', messageKey: 'compliance_document_required' };
      const today = localDate(answeredAt, timeZone);
      if (compareLocalDates(parseLocalDate(doc.date), today) > 0) {
        return { field: 'document', messageKey: 'compliance_document_future' };
      }
      const judged = vaccineStatusOf(asked.content, doc, today);
      vaccineStatus = judged.status;
      endsOn = judged.endsOn;
      answers = [
        {
          kind: 'document',
          type: doc.type,
          protocol: doc.type === 'vaccine' ? doc.protocol : null,
          result: doc.type === 'test' ? doc.result : null,
          date: doc.date,
          expiry_date: doc.expiry_date,
          vaccine_status: vaccineStatus,
        },
      ];
      isWrong = vaccineStatus !== 'vaccinated' && vaccineStatus !== 'negative_pcr';
      break;
    }
  }
  let validUntil = answerValidUntil(asked.frequency, asked.validity_days, answeredAt, timeZone);
  if (asked.frequency !== 'every_time' && endsOn && !isWrong) {
    const end = endOfLocalDay(endsOn, timeZone);
    if (validUntil === null || end < validUntil) validUntil = end;
  }
  return { answers, isWrong, status: answerStatus({ isWrong, notes: item.notes }), vaccineStatus, validUntil };
}

export const isGradeProblem = (value: Graded | GradeProblem): value is GradeProblem => 'messageKey' in value;
