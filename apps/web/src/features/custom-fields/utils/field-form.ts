// The custom-field form's values and what they become: the request body, the badge budget, the
// counts a delete confirmation names. Pure, so the rules are tested without a browser.
import {
  CUSTOM_FIELD_LIMITS,
  optionsForType,
  type CustomField,
  type CustomFieldBinding,
  type CustomFieldBody,
  type CustomFieldType,
  type Section,
} from '@app/shared/custom-fields/schemas';

export type FieldFormValues = {
  /** The chosen section; '' while a new section is being named. */
  section_id: string;
  /** The name of a section created together with the field. */
  new_section: string;
  name: string;
  type: CustomFieldType;
  binding: CustomFieldBinding;
  /** Every type's options are kept while the form is open, so switching type back loses nothing. */
  options: { choices: string[]; scale: number | string };
  required: boolean;
  print_on_badge: boolean;
};

export const DEFAULT_SCALE = 5;

export const emptyFieldForm = (sectionId: string): FieldFormValues => ({
  section_id: sectionId,
  new_section: '',
  name: '',
  type: 'text',
  binding: 'profile',
  options: { choices: [''], scale: DEFAULT_SCALE },
  required: false,
  print_on_badge: false,
});

export const fieldFormValues = (field: CustomField): FieldFormValues => ({
  section_id: field.section_id,
  new_section: '',
  name: field.name,
  type: field.type,
  binding: field.binding,
  options: {
    choices: field.options.choices?.length ? [...field.options.choices] : [''],
    scale: field.options.scale ?? DEFAULT_SCALE,
  },
  required: field.required,
  print_on_badge: field.print_on_badge,
});

/**
 * The request body: blank choice rows are left out (a trailing empty row is not a choice), and only
 * the options of the chosen type are sent.
 */
export function fieldBody(values: FieldFormValues, sectionId = values.section_id): CustomFieldBody {
  const choices = values.options.choices.map((c) => c.trim()).filter((c) => c !== '');
  const scale = values.options.scale === '' ? undefined : Number(values.options.scale);
  return {
    section_id: sectionId,
    name: values.name,
    type: values.type,
    binding: values.binding,
    options: optionsForType(values.type, { choices, scale }),
    required: values.required,
    print_on_badge: values.print_on_badge,
  };
}

export type BadgeBudget = { used: number; max: number };

/** How many of the company's fields print on the badge (the sections list holds them all). */
export const badgeBudget = (sections: Section[]): BadgeBudget => ({
  used: sections.reduce((n, s) => n + s.fields.filter((f) => f.print_on_badge).length, 0),
  max: CUSTOM_FIELD_LIMITS.badgeMax,
});

/**
 * Whether "print on badge" may be turned on for this field: always when it is on already (it holds
 * its own place), otherwise while places are left.
 */
export const badgeAvailable = (budget: BadgeBudget, alreadyOn: boolean) => alreadyOn || budget.used < budget.max;

/** What deleting a section takes with it. */
export const sectionContents = (section: Section) => ({
  fields: section.fields.length,
  values: section.fields.reduce((n, f) => n + f.value_count, 0),
});
