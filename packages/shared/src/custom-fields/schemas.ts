import { z } from 'zod';
import { LIMITS, PLANS } from '../constants';

// Custom fields (spec §3 "Custom field", §5 "At most 4 custom fields printable on a badge", §6 "Custom
// fields are for professional and enterprise plans only"). A company groups its fields in sections
// (unique names); each field has one of the eleven types, a binding (where it is asked) and a flag for
// printing it on the badge. Values are stored per person for profile fields; the visit fields (sign
// in, sign out, check in) are asked by the journey and stored on the visit.

/** The eleven types of spec §3, named as the spec's mass-action data names them where it does. */
export const CUSTOM_FIELD_TYPES = [
  'text',
  'number',
  'date',
  'longText',
  'ratingScale',
  'toggleButton',
  'labels',
  'checkboxes',
  'radioButtons',
  'stars',
  'smileys',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Types whose value is one or more of the field's choices. */
export const CHOICE_TYPES = ['labels', 'checkboxes', 'radioButtons'] as const satisfies readonly CustomFieldType[];
/** Types whose value is a list of choices (the spec sends checkboxes as a serialized list). */
export const LIST_TYPES = ['labels', 'checkboxes'] as const satisfies readonly CustomFieldType[];
/** Types whose value is a whole score from 1 up to the field's scale. */
export const SCORE_TYPES = ['ratingScale', 'stars', 'smileys'] as const satisfies readonly CustomFieldType[];

export const isChoiceType = (type: CustomFieldType): boolean => (CHOICE_TYPES as readonly string[]).includes(type);
export const isListType = (type: CustomFieldType): boolean => (LIST_TYPES as readonly string[]).includes(type);
export const isScoreType = (type: CustomFieldType): boolean => (SCORE_TYPES as readonly string[]).includes(type);

/**
 * Where a field is asked (spec §3 "binding"; the badge data names sign-in, sign-out and check-in
 * fields): on the person's profile (stored per person), or when the person signs in, signs out or
 * checks in (stored on the visit).
 */
export const CUSTOM_FIELD_BINDINGS = ['profile', 'sign_in', 'sign_out', 'check_in'] as const;
export type CustomFieldBinding = (typeof CUSTOM_FIELD_BINDINGS)[number];

export const CUSTOM_FIELD_LIMITS = {
  sectionNameMax: 50,
  fieldNameMax: 50,
  choicesMax: 50,
  choiceMax: 100,
  textMax: 255,
  longTextMax: 5000,
  /** The scale of a rating-scale field: 2 to 10. */
  scaleMin: 2,
  scaleMax: 10,
  /** Stars and smileys always have five steps. */
  fixedScale: 5,
  /** Most fields a company may print on a badge (spec §5, §9). */
  badgeMax: LIMITS.badgeCustomFieldsMax,
  fieldsPerSectionMax: 100,
} as const;

/** Spec §6: custom fields are for the professional and enterprise plans only. */
export const CUSTOM_FIELDS_MIN_PLAN = PLANS.professional;
export const planHasCustomFields = (plan: number): boolean => plan >= CUSTOM_FIELDS_MIN_PLAN;

const L = CUSTOM_FIELD_LIMITS;

// ---- sections ----

export const sectionBodySchema = z.object({
  name: z.string().trim().min(1).max(L.sectionNameMax),
  /**
   * The user types the section's profile fields are asked of on the public forms; none means every
   * type. Left out on a rename, the section keeps the types it has.
   */
  user_type_ids: z
    .array(z.uuid())
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'custom_field_section_types_duplicate' })
    .optional(),
});
export type SectionBody = z.infer<typeof sectionBodySchema>;

export const sectionAvailabilityQuerySchema = z.object({
  name: z.string().trim().min(1).max(L.sectionNameMax),
  /** The section being renamed, which may keep its own name. */
  exclude_id: z.uuid().optional(),
});

/** The live answer while a section name is typed: `message` says why it cannot be used. */
export const sectionAvailabilitySchema = z.object({ available: z.boolean(), message: z.string().nullable() });
export type SectionAvailability = z.infer<typeof sectionAvailabilitySchema>;

// ---- fields ----

export const customFieldOptionsSchema = z.object({
  /** The choices of labels, checkboxes and radio buttons, in order. */
  choices: z.array(z.string().trim().min(1).max(L.choiceMax)).max(L.choicesMax).optional(),
  /** The top of a rating scale (2–10); stars and smileys are always 1–5. */
  scale: z.number().int().min(L.scaleMin).max(L.scaleMax).optional(),
});
export type CustomFieldOptions = z.infer<typeof customFieldOptionsSchema>;

export const customFieldBodyObject = z.object({
  section_id: z.uuid(),
  name: z.string().trim().min(1).max(L.fieldNameMax),
  type: z.enum(CUSTOM_FIELD_TYPES),
  binding: z.enum(CUSTOM_FIELD_BINDINGS),
  options: customFieldOptionsSchema.default({}),
  required: z.boolean().default(false),
  print_on_badge: z.boolean().default(false),
});

/** A choice field needs at least one choice, each named once; a rating scale needs its top. */
export const customFieldBodySchema = customFieldBodyObject.superRefine((body, ctx) => {
  if (isChoiceType(body.type)) {
    const choices = body.options.choices ?? [];
    if (choices.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options', 'choices'], message: 'choices_required' });
    const seen = new Set<string>();
    for (const choice of choices) {
      const key = choice.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['options', 'choices'], message: 'choices_duplicate' });
        break;
      }
      seen.add(key);
    }
  }
  if (body.type === 'ratingScale' && body.options.scale === undefined)
    ctx.addIssue({ code: 'custom', path: ['options', 'scale'], message: 'scale_required' });
});
export type CustomFieldBody = z.input<typeof customFieldBodySchema>;
export type CustomFieldBodyParsed = z.output<typeof customFieldBodySchema>;

/**
 * The options a type keeps: choices for the choice types, the scale for a rating scale, nothing for
 * the others (so a field changed from radio buttons to text does not carry stale choices).
 */
export function optionsForType(type: CustomFieldType, options: CustomFieldOptions): CustomFieldOptions {
  if (isChoiceType(type)) return { choices: options.choices ?? [] };
  if (type === 'ratingScale') return options.scale === undefined ? {} : { scale: options.scale };
  return {};
}

export const customFieldSchema = z.object({
  id: z.uuid(),
  section_id: z.uuid(),
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  binding: z.enum(CUSTOM_FIELD_BINDINGS),
  options: customFieldOptionsSchema,
  required: z.boolean(),
  print_on_badge: z.boolean(),
  position: z.number().int(),
  /** How many people have a value for this field (what deleting it would erase). */
  value_count: z.number().int(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** A field as a person or visit form lists it: with its section's name, to group the form by section. */
export const listedCustomFieldSchema = customFieldSchema.extend({ section_name: z.string() });
export type ListedCustomField = z.infer<typeof listedCustomFieldSchema>;

/** Spec §3 "Section has id and value": `value` is the section's name. */
export const sectionSchema = z.object({
  id: z.uuid(),
  value: z.string(),
  position: z.number().int(),
  /** The user types its profile fields are asked of; empty: every type. */
  user_type_ids: z.array(z.uuid()),
  fields: z.array(customFieldSchema),
});
export type Section = z.infer<typeof sectionSchema>;

export const listCustomFieldsQuerySchema = z.object({ binding: z.enum(CUSTOM_FIELD_BINDINGS).optional() });

/** The badge budget: how many fields print on the badge now, of at most `max`. */
export const badgeUsageSchema = z.object({ used: z.number().int(), max: z.number().int() });
export type BadgeUsage = z.infer<typeof badgeUsageSchema>;

// ---- values ----

/** The scale a score field's value runs up to. */
export const scoreMax = (field: { type: CustomFieldType; options: CustomFieldOptions }): number =>
  field.type === 'ratingScale' ? (field.options.scale ?? L.scaleMax) : L.fixedScale;

export type FieldForValue = { type: CustomFieldType; options: CustomFieldOptions; required?: boolean };

/**
 * A value checked against its field, in its stored form: text and long text and date as strings,
 * number and scores as numbers, toggles as 1 or 0, radio buttons as one choice, labels and checkboxes as
 * a list of choices (a serialized JSON list is read too, as the spec sends checkboxes). Empty values
 * (null, '', []) are `null`, which clears the value. `error` is a translation key of `errors:`.
 */
export type ValueCheck = { ok: true; value: string | number | string[] | null } | { ok: false; error: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// Plain decimal notation only: spec §5 number inputs block the letter 'e', so '1e5', hex and
// 'Infinity' are refused here as well.
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

const readNumber = (raw: unknown): number => {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && DECIMAL.test(raw.trim())) return Number(raw.trim());
  return Number.NaN;
};

const isRealDate = (value: string): boolean => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

function readList(raw: unknown): unknown[] | null {
  if (Array.isArray(raw)) return raw as unknown[];
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        return Array.isArray(parsed) ? parsed : null;
      } catch {
        return null;
      }
    }
    return [text];
  }
  return null;
}

const isEmpty = (raw: unknown): boolean =>
  raw === null ||
  raw === undefined ||
  (typeof raw === 'string' && raw.trim() === '') ||
  (Array.isArray(raw) && raw.length === 0);

export function checkCustomFieldValue(field: FieldForValue, raw: unknown): ValueCheck {
  if (isEmpty(raw)) return field.required ? { ok: false, error: 'custom_value_required' } : { ok: true, value: null };
  const choices = field.options.choices ?? [];
  switch (field.type) {
    case 'text':
    case 'longText': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, error: 'custom_value_text' };
      const text = String(raw).trim();
      const max = field.type === 'text' ? L.textMax : L.longTextMax;
      return text.length > max ? { ok: false, error: 'custom_value_too_long' } : { ok: true, value: text };
    }
    case 'number': {
      const value = readNumber(raw);
      return Number.isFinite(value) ? { ok: true, value } : { ok: false, error: 'custom_value_number' };
    }
    case 'date':
      return typeof raw === 'string' && isRealDate(raw.trim())
        ? { ok: true, value: raw.trim() }
        : { ok: false, error: 'custom_value_date' };
    case 'toggleButton': {
      if (raw === true || raw === 1 || raw === '1' || raw === 'true') return { ok: true, value: 1 };
      if (raw === false || raw === 0 || raw === '0' || raw === 'false') return { ok: true, value: 0 };
      return { ok: false, error: 'custom_value_toggle' };
    }
    case 'radioButtons':
      return typeof raw === 'string' && choices.includes(raw)
        ? { ok: true, value: raw }
        : { ok: false, error: 'custom_value_choice' };
    case 'labels':
    case 'checkboxes': {
      const list = readList(raw);
      if (!list || list.some((item) => typeof item !== 'string' || !choices.includes(item)))
        return { ok: false, error: 'custom_value_choice' };
      const picked = choices.filter((choice) => list.includes(choice));
      if (picked.length === 0)
        return field.required ? { ok: false, error: 'custom_value_required' } : { ok: true, value: null };
      return { ok: true, value: picked };
    }
    case 'ratingScale':
    case 'stars':
    case 'smileys': {
      const value = readNumber(raw);
      return Number.isInteger(value) && value >= 1 && value <= scoreMax(field)
        ? { ok: true, value }
        : { ok: false, error: 'custom_value_score' };
    }
  }
}
