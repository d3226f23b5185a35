import { describe, expect, it } from 'vitest';
import {
  CUSTOM_FIELD_LIMITS,
  CUSTOM_FIELD_TYPES,
  checkCustomFieldValue,
  customFieldBodySchema,
  optionsForType,
  planHasCustomFields,
  scoreMax,
  type CustomFieldType,
  type FieldForValue,
} from './schemas';

const field = (type: CustomFieldType, extra: Partial<FieldForValue> = {}): FieldForValue => ({
  type,
  options: {},
  ...extra,
});
const diet = field('checkboxes', { options: { choices: ['Vegetarian', 'Vegan', 'Halal'] } });
const purpose = field('radioButtons', { options: { choices: ['Meeting', 'Delivery', 'Interview'] } });
const tags = field('labels', { options: { choices: ['VIP', 'Press'] } });

const ok = (value: unknown) => ({ ok: true, value });
const refused = (error: string) => ({ ok: false, error });

describe('checkCustomFieldValue: empty values', () => {
  it.each(CUSTOM_FIELD_TYPES)('%s: null, undefined, blank text and an empty list clear an optional value', (type) => {
    const f = field(type, { options: { choices: ['A'], scale: 5 } });
    for (const empty of [null, undefined, '', '   ', []]) expect(checkCustomFieldValue(f, empty)).toEqual(ok(null));
  });

  it.each(CUSTOM_FIELD_TYPES)('%s: a required field refuses an empty value', (type) => {
    const f = field(type, { options: { choices: ['A'], scale: 5 }, required: true });
    for (const empty of [null, undefined, '', []]) {
      expect(checkCustomFieldValue(f, empty)).toEqual(refused('custom_value_required'));
    }
  });
});

describe('checkCustomFieldValue: by type', () => {
  it('text and long text: trimmed strings within their lengths; numbers read as text', () => {
    expect(checkCustomFieldValue(field('text'), '  AB-123-CD ')).toEqual(ok('AB-123-CD'));
    expect(checkCustomFieldValue(field('text'), 42)).toEqual(ok('42'));
    expect(checkCustomFieldValue(field('text'), 'x'.repeat(CUSTOM_FIELD_LIMITS.textMax))).toMatchObject({ ok: true });
    expect(checkCustomFieldValue(field('text'), 'x'.repeat(CUSTOM_FIELD_LIMITS.textMax + 1))).toEqual(
      refused('custom_value_too_long'),
    );
    expect(checkCustomFieldValue(field('longText'), 'x'.repeat(CUSTOM_FIELD_LIMITS.textMax + 1))).toMatchObject({
      ok: true,
    });
    expect(checkCustomFieldValue(field('longText'), 'x'.repeat(CUSTOM_FIELD_LIMITS.longTextMax + 1))).toEqual(
      refused('custom_value_too_long'),
    );
    expect(checkCustomFieldValue(field('text'), ['a'])).toEqual(refused('custom_value_text'));
    expect(checkCustomFieldValue(field('text'), true)).toEqual(refused('custom_value_text'));
  });

  it('number: numbers and plain decimal strings; no exponent, hex, infinity or words', () => {
    const n = field('number');
    expect(checkCustomFieldValue(n, 12)).toEqual(ok(12));
    expect(checkCustomFieldValue(n, ' -3.5 ')).toEqual(ok(-3.5));
    expect(checkCustomFieldValue(n, '0')).toEqual(ok(0));
    expect(checkCustomFieldValue(n, '.5')).toEqual(ok(0.5));
    for (const bad of ['1e5', '0x10', 'Infinity', 'twelve', '1,5', Number.NaN, Number.POSITIVE_INFINITY, true, ['1']]) {
      expect(checkCustomFieldValue(n, bad), String(bad)).toEqual(refused('custom_value_number'));
    }
  });

  it('date: real calendar days as YYYY-MM-DD only', () => {
    const d = field('date');
    expect(checkCustomFieldValue(d, '2026-02-28')).toEqual(ok('2026-02-28'));
    expect(checkCustomFieldValue(d, '2028-02-29')).toEqual(ok('2028-02-29'));
    for (const bad of ['2026-02-30', '2026-02-29', '2026-13-01', '2026-00-10', '28/02/2026', '2026-2-8', 20260228]) {
      expect(checkCustomFieldValue(d, bad), String(bad)).toEqual(refused('custom_value_date'));
    }
  });

  it('toggle: 1/0, true/false (also as text) stored as 1 or 0', () => {
    const t = field('toggleButton');
    for (const on of [1, '1', true, 'true']) expect(checkCustomFieldValue(t, on)).toEqual(ok(1));
    for (const off of [0, '0', false, 'false']) expect(checkCustomFieldValue(t, off)).toEqual(ok(0));
    // "off" is an answer: a required toggle accepts it.
    expect(checkCustomFieldValue({ ...t, required: true }, 0)).toEqual(ok(0));
    for (const bad of [2, 'yes', 'on', ['1']])
      expect(checkCustomFieldValue(t, bad)).toEqual(refused('custom_value_toggle'));
  });

  it('radio buttons: exactly one of the choices', () => {
    expect(checkCustomFieldValue(purpose, 'Delivery')).toEqual(ok('Delivery'));
    expect(checkCustomFieldValue(purpose, 'delivery')).toEqual(refused('custom_value_choice'));
    expect(checkCustomFieldValue(purpose, ['Delivery'])).toEqual(refused('custom_value_choice'));
    expect(checkCustomFieldValue(purpose, 'Party')).toEqual(refused('custom_value_choice'));
  });

  it('checkboxes: a list, or the list serialized as text, kept in the order of the choices', () => {
    expect(checkCustomFieldValue(diet, ['Halal', 'Vegetarian'])).toEqual(ok(['Vegetarian', 'Halal']));
    expect(checkCustomFieldValue(diet, '["Vegan","Halal"]')).toEqual(ok(['Vegan', 'Halal']));
    expect(checkCustomFieldValue(diet, 'Vegan')).toEqual(ok(['Vegan']));
    expect(checkCustomFieldValue(diet, ['Vegan', 'Vegan'])).toEqual(ok(['Vegan']));
    expect(checkCustomFieldValue(diet, '[]')).toEqual(ok(null));
    expect(checkCustomFieldValue({ ...diet, required: true }, '[]')).toEqual(refused('custom_value_required'));
    for (const bad of [['Vegan', 'Keto'], '["Vegan"', '{"a":1}', '[1]', 3, [null]]) {
      expect(checkCustomFieldValue(diet, bad), JSON.stringify(bad)).toEqual(refused('custom_value_choice'));
    }
  });

  it('labels: a list of its choices, like checkboxes', () => {
    expect(checkCustomFieldValue(tags, ['Press', 'VIP'])).toEqual(ok(['VIP', 'Press']));
    expect(checkCustomFieldValue(tags, ['Staff'])).toEqual(refused('custom_value_choice'));
  });

  it('rating scale: whole scores from 1 to its scale', () => {
    const r = field('ratingScale', { options: { scale: 7 } });
    expect(scoreMax(r)).toBe(7);
    expect(checkCustomFieldValue(r, 7)).toEqual(ok(7));
    expect(checkCustomFieldValue(r, '1')).toEqual(ok(1));
    for (const bad of [0, 8, 2.5, '1e0', -1, 'five', true]) {
      expect(checkCustomFieldValue(r, bad), String(bad)).toEqual(refused('custom_value_score'));
    }
  });

  it.each(['stars', 'smileys'] as const)('%s: whole scores from 1 to 5, whatever scale is stored', (type) => {
    const s = field(type, { options: { scale: 10 } });
    expect(scoreMax(s)).toBe(5);
    expect(checkCustomFieldValue(s, 5)).toEqual(ok(5));
    expect(checkCustomFieldValue(s, '3')).toEqual(ok(3));
    for (const bad of [0, 6, 4.5]) expect(checkCustomFieldValue(s, bad)).toEqual(refused('custom_value_score'));
  });
});

describe('custom field body', () => {
  const base = { section_id: '0196a0a0-0000-7000-8000-000000000001', name: 'Diet', binding: 'profile' };
  const messages = (body: unknown) =>
    customFieldBodySchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

  it('needs choices for the choice types, each once (any case)', () => {
    for (const type of ['labels', 'checkboxes', 'radioButtons']) {
      expect(messages({ ...base, type })).toEqual(['options.choices:choices_required']);
      expect(messages({ ...base, type, options: { choices: ['Vegan', 'vegan'] } })).toEqual([
        'options.choices:choices_duplicate',
      ]);
      expect(messages({ ...base, type, options: { choices: ['Vegan', 'Halal'] } })).toEqual([]);
    }
    expect(messages({ ...base, type: 'checkboxes', options: { choices: ['  '] } })).toHaveLength(1);
  });

  it('needs a scale of 2 to 10 for a rating scale only', () => {
    expect(messages({ ...base, type: 'ratingScale' })).toEqual(['options.scale:scale_required']);
    expect(messages({ ...base, type: 'ratingScale', options: { scale: 11 } })).toHaveLength(1);
    expect(messages({ ...base, type: 'ratingScale', options: { scale: 1 } })).toHaveLength(1);
    expect(messages({ ...base, type: 'ratingScale', options: { scale: 10 } })).toEqual([]);
    expect(messages({ ...base, type: 'stars' })).toEqual([]);
  });

  it('defaults required and badge printing to off, and refuses unknown types and bindings', () => {
    expect(customFieldBodySchema.parse({ ...base, type: 'text' })).toMatchObject({
      required: false,
      print_on_badge: false,
      options: {},
    });
    expect(messages({ ...base, type: 'colour' })).toHaveLength(1);
    expect(messages({ ...base, type: 'text', binding: 'lunch' })).toHaveLength(1);
  });

  it('keeps only the options a type uses', () => {
    const options = { choices: ['A'], scale: 4 };
    expect(optionsForType('radioButtons', options)).toEqual({ choices: ['A'] });
    expect(optionsForType('ratingScale', options)).toEqual({ scale: 4 });
    expect(optionsForType('text', options)).toEqual({});
    expect(optionsForType('stars', options)).toEqual({});
  });
});

describe('plans', () => {
  it('has custom fields on professional and enterprise, not on lite', () => {
    expect([1, 2, 3].map(planHasCustomFields)).toEqual([false, true, true]);
  });
});
