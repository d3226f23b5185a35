import { describe, expect, it } from 'vitest';
import type { Section } from '@app/shared/custom-fields/schemas';
import { badgeAvailable, badgeBudget, emptyFieldForm, fieldBody, fieldFormValues, sectionContents } from './field-form';

const SECTION = '0196a0a0-0000-7000-8000-000000000001';

const field = (name: string, print_on_badge: boolean, value_count = 0) => ({
  id: `0196a0a0-0000-7000-8000-0000000000${String(name.length).padStart(2, '0')}`,
  section_id: SECTION,
  name,
  type: 'text' as const,
  binding: 'profile' as const,
  options: {},
  required: false,
  print_on_badge,
  position: 0,
  value_count,
});

const sections: Section[] = [
  {
    id: SECTION,
    value: 'Visitor details',
    position: 0,
    user_type_ids: [],
    fields: [field('Plate', true, 4), field('Company', true, 9)],
  },
  {
    id: SECTION,
    value: 'Staff',
    position: 1,
    user_type_ids: [],
    fields: [field('Size', false, 2), field('Team', true)],
  },
];

describe('the field form body', () => {
  it('drops blank choice rows and keeps only the options of the chosen type', () => {
    const values = {
      ...emptyFieldForm(SECTION),
      name: 'Diet',
      type: 'checkboxes' as const,
      options: { choices: [' Vegan ', '', 'Halal', '  '], scale: 7 },
    };
    expect(fieldBody(values)).toEqual({
      section_id: SECTION,
      name: 'Diet',
      type: 'checkboxes',
      binding: 'profile',
      options: { choices: ['Vegan', 'Halal'] },
      required: false,
      print_on_badge: false,
    });
    expect(fieldBody({ ...values, type: 'ratingScale' }).options).toEqual({ scale: 7 });
    expect(fieldBody({ ...values, type: 'ratingScale', options: { choices: [], scale: '' } }).options).toEqual({});
    expect(fieldBody({ ...values, type: 'stars' }).options).toEqual({});
  });

  it('sends the section created with the field when given', () => {
    expect(fieldBody(emptyFieldForm(''), SECTION).section_id).toBe(SECTION);
  });

  it('opens an existing field with its values and one empty choice row for a type without choices', () => {
    expect(fieldFormValues({ ...field('Plate', true), options: {} })).toMatchObject({
      name: 'Plate',
      print_on_badge: true,
      options: { choices: [''], scale: 5 },
    });
    expect(
      fieldFormValues({ ...field('Purpose', false), type: 'radioButtons', options: { choices: ['A', 'B'] } }).options
        .choices,
    ).toEqual(['A', 'B']);
  });
});

describe('the badge budget', () => {
  it('counts the badge fields of every section, of at most four', () => {
    expect(badgeBudget(sections)).toEqual({ used: 3, max: 4 });
    expect(badgeBudget([])).toEqual({ used: 0, max: 4 });
  });

  it('leaves the switch on for a field already printed, and off for others once four are used', () => {
    expect(badgeAvailable({ used: 3, max: 4 }, false)).toBe(true);
    expect(badgeAvailable({ used: 4, max: 4 }, false)).toBe(false);
    expect(badgeAvailable({ used: 4, max: 4 }, true)).toBe(true);
  });
});

describe('deleting a section', () => {
  it('names how many fields and stored values go with it', () => {
    expect(sectionContents(sections[0]!)).toEqual({ fields: 2, values: 13 });
    expect(sectionContents({ ...sections[0]!, fields: [] })).toEqual({ fields: 0, values: 0 });
  });
});
