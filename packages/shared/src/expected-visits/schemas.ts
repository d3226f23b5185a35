// Expected visitors (spec /add-expected-visitors, §3 Visit, §4 Visit lifecycle actions, Expected visit
// edit or delete, §5 "Visit date and time cannot be before now", §7 expected-visit, edit-expected-visit,
// delete-expected-visit, approve-visit …). One schema per operation, used by the API and the form.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { PERSON_LIMITS } from '../people/schemas';
import { REGISTRATION_METHODS } from '../user-types/schemas';
import { JOURNEY_STAGES, VISIT_DECISIONS, VISIT_STATES } from '../visits/stages';

export const EXPECTED_VISIT_LIMITS = {
  hostsMax: 10,
  /** Spec §5: notes at most 30 characters. */
  notesMax: LIMITS.notesMax,
  hostMessageMax: 200,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A real calendar day written YYYY-MM-DD (spec §9 pre-registration date). */
export const isVisitDate = (value: string): boolean => {
  const m = DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = m.slice(1).map(Number) as [number, number, number];
  if (year < 2000 || year > 2199) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
};

/** The visit's day on the company's clock. */
export const visitDateSchema = z.string().trim().refine(isVisitDate, { message: 'expected_visit_invalid_date' });
/** The visit's time on the company's clock: HH:mm or HH:mm:ss (spec §9), kept to the minute. */
export const visitTimeSchema = z
  .string()
  .trim()
  .regex(TIME, { message: 'expected_visit_invalid_time' })
  .transform((v) => v.slice(0, 5));

/** `YYYY-MM-DDTHH:mm`, the reading the announcements' clock helpers take. */
export const localVisitDateTime = (date: string, time: string) => `${date}T${time.slice(0, 5)}`;

const EMAIL = z.regexes.email;
const DIGITS = /^\d*$/;
const name = z.string().trim().min(1).max(PERSON_LIMITS.nameMax);

/** Spec §5: email format; phone digits only and required; country code required. */
export const visitorContactShape = {
  first_name: name,
  last_name: name,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(PERSON_LIMITS.emailMax)
    .refine((v) => EMAIL.test(v), { message: 'invalid_email' }),
  phone_code: z
    .string()
    .trim()
    .transform((v) => v.replace(/^\+/, ''))
    .pipe(
      z
        .string()
        .min(1, { message: 'phone_code_required' })
        .max(PERSON_LIMITS.phoneCodeMax)
        .regex(DIGITS, { message: 'phone_code_digits_only' }),
    ),
  phone: z
    .string()
    .trim()
    .min(1, { message: 'phone_required' })
    .max(PERSON_LIMITS.phoneMax)
    .regex(DIGITS, { message: 'phone_digits_only' }),
  company_name: z
    .string()
    .trim()
    .max(PERSON_LIMITS.companyNameMax)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
};
export const newVisitorSchema = z.object(visitorContactShape);
export type NewVisitor = z.output<typeof newVisitorSchema>;

const unique = (list: readonly string[]) => new Set(list).size === list.length;
export const hostIdsSchema = z
  .array(z.uuid())
  .max(EXPECTED_VISIT_LIMITS.hostsMax)
  .refine(unique, { message: 'expected_visit_duplicate_hosts' })
  .default([]);

/** POST /expected-visits and PUT /expected-visits/{id}: an existing person or a new visitor. */
export const expectedVisitBodySchema = z
  .object({
    person_id: z.uuid().nullable().default(null),
    visitor: newVisitorSchema.nullable().default(null),
    user_type_id: z.uuid(),
    site_id: z.uuid(),
    area_id: z.uuid(),
    visit_date: visitDateSchema,
    visit_time: visitTimeSchema,
    host_ids: hostIdsSchema,
    notes: z
      .string()
      .trim()
      .max(EXPECTED_VISIT_LIMITS.notesMax)
      .nullable()
      .default(null)
      .transform((v) => (v ? v : null)),
  })
  .superRefine((body, ctx) => {
    if (!body.person_id && !body.visitor) {
      ctx.addIssue({ code: 'custom', path: ['person_id'], message: 'expected_visit_person_required' });
    }
    if (body.person_id && body.visitor) {
      ctx.addIssue({ code: 'custom', path: ['visitor'], message: 'expected_visit_person_or_visitor' });
    }
  });
export type ExpectedVisitBody = z.input<typeof expectedVisitBodySchema>;
export type ExpectedVisitBodyParsed = z.output<typeof expectedVisitBodySchema>;

/** POST /expected-visits/validate: the form's live checks, on whatever has been typed so far. */
export const validateExpectedVisitBodySchema = z.object({
  exclude_visit_id: z.uuid().optional(),
  person_id: z.uuid().optional(),
  email: z.string().trim().toLowerCase().max(PERSON_LIMITS.emailMax).optional(),
  phone_code: z
    .string()
    .trim()
    .transform((v) => v.replace(/^\+/, ''))
    .optional(),
  phone: z.string().trim().max(PERSON_LIMITS.phoneMax).optional(),
  user_type_id: z.uuid().optional(),
  site_id: z.uuid().optional(),
  area_id: z.uuid().optional(),
  visit_date: z.string().trim().max(10).optional(),
  visit_time: z.string().trim().max(8).optional(),
});
export type ValidateExpectedVisitBody = z.input<typeof validateExpectedVisitBodySchema>;

const ref = z.object({ id: z.uuid(), name: z.string() });

export const validateExpectedVisitResultSchema = z.object({
  /** True when nothing typed so far breaks a rule. */
  valid: z.boolean(),
  /** Translated messages by field, as a refused save would give them. */
  fields: z.record(z.string(), z.array(z.string())),
  /** The person the email or phone belongs to, when the caller may act on them (spec check_user_found). */
  person: z
    .object({
      id: z.uuid(),
      full_name: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      phone_code: z.string().nullable(),
      phone: z.string().nullable(),
      company_name: z.string().nullable(),
      user_types: z.array(ref),
    })
    .nullable(),
});
export type ValidateExpectedVisitResult = z.infer<typeof validateExpectedVisitResultSchema>;

export const expectedVisitPersonSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone_code: z.string().nullable(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
});

export const expectedVisitSchema = z.object({
  id: z.uuid(),
  state: z.enum(VISIT_STATES),
  stage: z.enum(JOURNEY_STAGES).nullable(),
  /** The decisions an admin may take now (spec §4 Visit lifecycle actions). */
  decisions: z.array(z.enum(VISIT_DECISIONS)),
  person: expectedVisitPersonSchema,
  user_type: ref.extend({ registration_method: z.enum(REGISTRATION_METHODS) }).nullable(),
  site: ref,
  area: ref,
  journey_id: z.uuid().nullable(),
  journey_flow_id: z.uuid().nullable(),
  /** The expected instant (UTC). */
  expected_at: z.string(),
  /** The same on the company's clock. */
  visit_date: z.string(),
  visit_time: z.string(),
  timezone: z.string(),
  hosts: z.array(z.object({ id: z.uuid(), full_name: z.string() })),
  notes: z.string().nullable(),
  /** Who added the visit: an admin of the company, or the visitor through a pre-registration link. */
  origin: z.enum(['admin', 'pre_registration']),
  confirmed_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  /** The visitor's confirmation link while the visit is expected. */
  link_url: z.string().nullable(),
});
export type ExpectedVisit = z.infer<typeof expectedVisitSchema>;

export const expectedVisitResultSchema = z.object({ message: z.string(), data: expectedVisitSchema });
export const expectedVisitDeletedSchema = z.object({ message: z.string() });

/** POST /expected-visits/{id}/decisions (spec approve-visit, reject-visit, approve-rejected-visit, reject-approved-visit). */
export const visitDecisionBodySchema = z.object({ decision: z.enum(VISIT_DECISIONS) });
export type VisitDecisionBody = z.infer<typeof visitDecisionBodySchema>;
