import { z } from 'zod';
import { pageQuery } from '../http/paging';
import { PERSON_LIMITS } from '../people/schemas';
import {
  PERMIT_PERIODS,
  RECURRENCES,
  SCHEDULE_VERDICTS,
  isRealDate,
  minutesOf,
  type PermitSchedule,
} from './recurrence';

// Visit permits (spec §3 "Visit permit", §7 "Visit permits"): when someone may visit. A permit has a
// name, a description, a start date and an optional end date, a daily time window and a recurrence
// (once, daily, weekly on chosen days, monthly). It is assigned to people, to user types, or both;
// each assignment is active or suspended. The schedule rules live in ./recurrence.

export { ISO_WEEKDAYS, PERMIT_PERIODS, RECURRENCES, SCHEDULE_VERDICTS } from './recurrence';
export type { Occurrence, PermitPeriod, PermitSchedule, Recurrence, ScheduleVerdict } from './recurrence';

export const VISIT_PERMIT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  descriptionMax: 500,
  /** Years a date may use: anything else is a typing mistake. */
  firstYear: 2000,
  lastYear: 2199,
  /** Most next occurrences one answer lists. */
  occurrencesMax: 20,
  /** Most people or user types one assignment call takes. */
  assignMax: PERSON_LIMITS.massMax,
} as const;
const L = VISIT_PERMIT_LIMITS;

export const ASSIGNMENT_STATUSES = ['active', 'suspended'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** A calendar day as YYYY-MM-DD, within the years a permit may use. */
export const isoDateSchema = z
  .string()
  .trim()
  .refine((v) => isRealDate(v) && Number(v.slice(0, 4)) >= L.firstYear && Number(v.slice(0, 4)) <= L.lastYear, {
    message: 'visit_permit_invalid_date',
  });

/** A wall-clock time as HH:mm (HH:mm:00 accepted), answered as HH:mm. */
export const timeOfDaySchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/, { message: 'visit_permit_invalid_time' })
  .transform((v) => v.slice(0, 5));

const weekdays = z
  .array(z.number().int().min(1).max(7))
  .max(7)
  .default([])
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

const validDate = (v: unknown): string | null => (typeof v === 'string' && isRealDate(v.trim()) ? v.trim() : null);
const validMinutes = (v: unknown): number | null =>
  typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d(:00)?$/.test(v.trim()) ? minutesOf(v.trim()) : null;

/** The permit as the form and the API write it. PUT replaces every field. */
export const visitPermitObject = z.object({
  name: z.string().trim().min(L.nameMin).max(L.nameMax),
  description: z.string().trim().max(L.descriptionMax).default(''),
  start_date: isoDateSchema,
  end_date: isoDateSchema.nullable().default(null),
  start_time: timeOfDaySchema,
  end_time: timeOfDaySchema,
  recurrence: z.enum(RECURRENCES),
  weekdays,
});

/**
 * The rules between fields, checked the same way in the browser and on the server: the end date is
 * not before the start date, a one-time permit has no other end date, the end time is after the start
 * time (a window never runs past midnight), a weekly permit has at least one day.
 */
export const visitPermitBodySchema = visitPermitObject
  // zod runs this even when a field failed its own check: every value is looked at with care.
  .superRefine((body, ctx) => {
    const startDate = validDate(body.start_date);
    const endDate = validDate(body.end_date);
    if (startDate && endDate && endDate < startDate)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'visit_permit_end_before_start' });
    if (body.recurrence === 'none' && startDate && endDate && endDate !== startDate)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'visit_permit_once_end_date' });
    const start = validMinutes(body.start_time);
    const end = validMinutes(body.end_time);
    if (start !== null && end !== null && end <= start)
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'visit_permit_end_time_after_start' });
    if (body.recurrence === 'weekly' && Array.isArray(body.weekdays) && body.weekdays.length === 0)
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'visit_permit_weekdays_required' });
  })
  // Stored as the schedule means it: one-time permits have no end date, only weekly ones have days.
  .transform((body) => ({
    ...body,
    end_date: body.recurrence === 'none' ? null : body.end_date,
    weekdays: body.recurrence === 'weekly' ? body.weekdays : [],
  }));
export type VisitPermitBody = z.input<typeof visitPermitBodySchema>;
export type VisitPermitBodyParsed = z.output<typeof visitPermitBodySchema>;

const scheduleShape = {
  start_date: z.string(),
  end_date: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  recurrence: z.enum(RECURRENCES),
  weekdays: z.array(z.number().int()),
};

/** A permit as lists and forms read it. Counts cover only the people and types the caller manages. */
export const visitPermitSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  ...scheduleShape,
  period: z.enum(PERMIT_PERIODS),
  people_count: z.number().int(),
  user_type_count: z.number().int(),
  /**
   * The permit also applies to people or user types outside the caller's scope (spec §6): the caller
   * may assign it but not change or delete it.
   */
  outside_scope: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VisitPermit = z.infer<typeof visitPermitSchema>;

/** The compact form for pickers (`simple=1`). */
export const simpleVisitPermitSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ...scheduleShape,
  period: z.enum(PERMIT_PERIODS),
});
export type SimpleVisitPermit = z.infer<typeof simpleVisitPermitSchema>;

export const VISIT_PERMIT_SORT_FIELDS = ['name', 'start_date', 'end_date', 'created_at'] as const;
export type VisitPermitSortField = (typeof VISIT_PERMIT_SORT_FIELDS)[number];

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).max(10)])
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[])
    .optional();

export const listVisitPermitsQuerySchema = pageQuery.extend({
  /** 1: every permit, compact ({ id, name, schedule }), by name, for pickers; paging is ignored. */
  simple: z.enum(['0', '1']).optional(),
  search: z.string().trim().max(100).optional(),
  sortField: z.enum(VISIT_PERMIT_SORT_FIELDS).default('name'),
  orderBy: z.enum(['asc', 'desc']).default('asc'),
  recurrence: oneOrMany(z.enum(RECURRENCES)),
  period: z.enum(PERMIT_PERIODS).optional(),
});
export type ListVisitPermitsQuery = z.output<typeof listVisitPermitsQuerySchema>;

export const visitPermitListSchema = z.object({
  data: z.array(visitPermitSchema),
  count: z.number().int(),
  /** The company's time zone: permits' times are on its clock. */
  timezone: z.string(),
});
export const simpleVisitPermitListSchema = z.object({
  data: z.array(simpleVisitPermitSchema),
  count: z.number().int(),
  timezone: z.string(),
});

export const permitParams = z.object({ id: z.uuid(), permitId: z.uuid() });

// ---- assignments ----

export const assignmentStatusBodySchema = z.object({ status: z.enum(ASSIGNMENT_STATUSES) });

/** One permit for one person or one user type. */
export const assignPermitBodySchema = z.object({
  permit_id: z.uuid(),
  status: z.enum(ASSIGNMENT_STATUSES).default('active'),
});
export type AssignPermitBody = z.input<typeof assignPermitBodySchema>;

/** One permit for several people at once. */
export const assignPeopleBodySchema = z.object({
  person_ids: z.array(z.uuid()).min(1, { message: 'choice_required' }).max(L.assignMax),
  status: z.enum(ASSIGNMENT_STATUSES).default('active'),
});
export type AssignPeopleBody = z.input<typeof assignPeopleBodySchema>;

/** One permit for several user types at once. */
export const assignUserTypesBodySchema = z.object({
  user_type_ids: z.array(z.uuid()).min(1, { message: 'choice_required' }).max(200),
  status: z.enum(ASSIGNMENT_STATUSES).default('active'),
});
export type AssignUserTypesBody = z.input<typeof assignUserTypesBodySchema>;

export const ASSIGN_SKIP_REASONS = ['not_found', 'archived', 'already_assigned'] as const;
export type AssignSkipReason = (typeof ASSIGN_SKIP_REASONS)[number];

/** Which ids were assigned and which were left out, with a translated reason each. */
export const assignResultSchema = z.object({
  done: z.array(z.uuid()),
  skipped: z.array(z.object({ id: z.uuid(), reason: z.enum(ASSIGN_SKIP_REASONS), message: z.string() })),
});
export type AssignResult = z.infer<typeof assignResultSchema>;

const ref = z.object({ id: z.uuid(), name: z.string() });

/** A person a permit is assigned to, as the permit's assignment list shows them. */
export const permitPersonSchema = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string().nullable(),
  /** The person's own status (archived people keep their permits but cannot be given new ones). */
  person_status: z.enum(['active', 'archived']),
  status: z.enum(ASSIGNMENT_STATUSES),
  assigned_at: z.string(),
});
export type PermitPerson = z.infer<typeof permitPersonSchema>;

export const listPermitPeopleQuerySchema = pageQuery.extend({ search: z.string().trim().max(100).optional() });
export const permitPeopleListSchema = z.object({ data: z.array(permitPersonSchema), count: z.number().int() });

export const permitUserTypeSchema = ref.extend({
  status: z.enum(ASSIGNMENT_STATUSES),
  assigned_at: z.string(),
});
export type PermitUserType = z.infer<typeof permitUserTypeSchema>;
export const permitUserTypesListSchema = z.object({ data: z.array(permitUserTypeSchema), count: z.number().int() });

/** Where a permit of a person comes from: the person themself or one of their user types. */
export const permitSourceSchema = z.object({
  kind: z.enum(['person', 'user_type']),
  user_type: ref.nullable(),
  status: z.enum(ASSIGNMENT_STATUSES),
});
export type PermitSource = z.infer<typeof permitSourceSchema>;

/** A permit that applies to a person, with where it comes from and the status that counts. */
export const personPermitSchema = z.object({
  permit: simpleVisitPermitSchema.extend({ description: z.string() }),
  sources: z.array(permitSourceSchema),
  /**
   * The person's own assignment decides when there is one; otherwise the permit is active when any
   * of the person's user types has it active (decision 012).
   */
  status: z.enum(ASSIGNMENT_STATUSES),
});
export type PersonPermit = z.infer<typeof personPermitSchema>;

export const personPermitsSchema = z.object({
  person: z.object({
    id: z.uuid(),
    full_name: z.string(),
    email: z.string().nullable(),
    status: z.enum(['active', 'archived']),
    user_types: z.array(ref),
  }),
  data: z.array(personPermitSchema),
  count: z.number().int(),
});
export type PersonPermits = z.infer<typeof personPermitsSchema>;

export const userTypePermitSchema = z.object({
  permit: simpleVisitPermitSchema.extend({ description: z.string() }),
  status: z.enum(ASSIGNMENT_STATUSES),
  assigned_at: z.string(),
});
export type UserTypePermit = z.infer<typeof userTypePermitSchema>;

export const userTypePermitsSchema = z.object({
  user_type: ref.extend({ people_count: z.number().int() }),
  data: z.array(userTypePermitSchema),
  count: z.number().int(),
});
export type UserTypePermits = z.infer<typeof userTypePermitsSchema>;

// ---- the checker (/vp/playground) ----

/**
 * Whom and when to check: a person or a user type, and either an instant (`at`, ISO with offset) or
 * a date and time on the company's clock. Without either, now. With `site_id`, also the verdict a visit
 * there would get (decision 026): for a person, `user_type_id` is the visit's user type (without it, the
 * one a sign-in at that site would use).
 */
export const checkPermitQuerySchema = z
  .object({
    person_id: z.uuid().optional(),
    user_type_id: z.uuid().optional(),
    site_id: z.uuid().optional(),
    at: z.iso.datetime({ offset: true }).optional(),
    date: isoDateSchema.optional(),
    time: timeOfDaySchema.optional(),
    occurrences: z.coerce.number().int().min(0).max(L.occurrencesMax).default(5),
  })
  .superRefine((q, ctx) => {
    // A person and a user type together: the visit's type, which only a visit at a site has.
    if (!q.person_id === !q.user_type_id && !(q.person_id && q.user_type_id && q.site_id))
      ctx.addIssue({ code: 'custom', path: ['person_id'], message: 'visit_permit_check_subject' });
    if (!q.at && !q.date !== !q.time)
      ctx.addIssue({ code: 'custom', path: [q.date ? 'time' : 'date'], message: 'visit_permit_check_when' });
  });
/** What the checker is asked (the query string, as the browser sends it). */
export type CheckPermitQuery = {
  person_id?: string;
  user_type_id?: string;
  site_id?: string;
  at?: string;
  date?: string;
  time?: string;
  occurrences?: number;
};

/** Why a permit does or does not let the subject in: its schedule's verdict, or its suspension. */
export const CHECK_REASONS = [...SCHEDULE_VERDICTS, 'suspended'] as const;
export type CheckReason = (typeof CHECK_REASONS)[number];

export const occurrenceSchema = z.object({
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});

export const checkedPermitSchema = z.object({
  permit: simpleVisitPermitSchema.extend({ description: z.string() }),
  sources: z.array(permitSourceSchema),
  status: z.enum(ASSIGNMENT_STATUSES),
  /** What the schedule alone says at that moment. */
  schedule: z.object({ allowed: z.boolean(), reason: z.enum(SCHEDULE_VERDICTS) }),
  /** Active and on schedule. */
  allowed: z.boolean(),
  /** 'allowed', 'suspended', or the schedule's reason. */
  reason: z.enum(CHECK_REASONS),
  /** The window under way at that moment, if any, and the next ones. */
  next_occurrences: z.array(occurrenceSchema),
});
export type CheckedPermit = z.infer<typeof checkedPermitSchema>;

export const permitCheckSchema = z.object({
  subject: z.object({ kind: z.enum(['person', 'user_type']), id: z.uuid(), name: z.string() }),
  /** The instant checked (UTC) and the same moment on the company's clock. */
  at: z.string(),
  timezone: z.string(),
  local_date: z.string(),
  local_time: z.string(),
  /** The time asked for does not exist that day (clocks went forward): the moment they jumped was used. */
  adjusted: z.boolean(),
  allowed: z.boolean(),
  /** The permits that allow the visit, by name. */
  allowed_by: z.array(ref),
  /** Every permit that applies to the subject, those that allow the visit first. */
  permits: z.array(checkedPermitSchema),
  /**
   * With `site_id`: what a visit there at that moment gets, by the rule every sign-in, expected visit
   * and pre-registration follows; `message` is the refusal they would answer.
   */
  visit: z
    .object({
      site: ref,
      user_type: ref.nullable(),
      needs_permit: z.boolean(),
      allowed: z.boolean(),
      message: z.string().nullable(),
    })
    .nullable(),
});
export type PermitCheck = z.infer<typeof permitCheckSchema>;

/** The schedule part of a permit, for the engine. */
export const scheduleOf = (p: PermitSchedule): PermitSchedule => ({
  start_date: p.start_date,
  end_date: p.end_date,
  start_time: p.start_time,
  end_time: p.end_time,
  recurrence: p.recurrence,
  weekdays: p.weekdays,
});
