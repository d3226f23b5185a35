import { describe, expect, it } from 'vitest';
import { CUSTOM_FIELD_TYPES } from './schemas';
import { asList, asScore, emptyCustomFieldValue, toCustomFieldValue } from './field-values';

const diet = { type: 'checkboxes' as const, options: { choices: ['Vegan', 'Halal'] } };

describe('custom field values in their input shape', () => {
  it('starts a switch off, a list empty and every other type blank', () => {
    const empty = Object.fromEntries(CUSTOM_FIELD_TYPES.map((type) => [type, emptyCustomFieldValue(type)]));
    expect(empty).toEqual({
      text: null,
      number: null,
      date: null,
      longText: null,
      ratingScale: null,
      toggleButton: 0,
      labels: [],
      checkboxes: [],
      radioButtons: null,
      stars: null,
      smileys: null,
    });
  });

  it('reads stored values the way the server does', () => {
    expect(toCustomFieldValue(diet, '["Halal","Vegan"]')).toEqual(['Vegan', 'Halal']);
    expect(toCustomFieldValue({ type: 'toggleButton', options: {} }, true)).toBe(1);
    expect(toCustomFieldValue({ type: 'toggleButton', options: {} }, 'false')).toBe(0);
    expect(toCustomFieldValue({ type: 'number', options: {} }, '12.5')).toBe(12.5);
    expect(toCustomFieldValue({ type: 'date', options: {} }, '2026-03-01')).toBe('2026-03-01');
    expect(toCustomFieldValue({ type: 'stars', options: {} }, 4)).toBe(4);
  });

  it('starts empty when nothing is stored or the field no longer accepts the stored value', () => {
    expect(toCustomFieldValue(diet, undefined)).toEqual([]);
    expect(toCustomFieldValue(diet, ['Keto'])).toEqual([]);
    expect(toCustomFieldValue({ type: 'ratingScale', options: { scale: 5 } }, 8)).toBeNull();
    expect(toCustomFieldValue({ type: 'toggleButton', options: {} }, null)).toBe(0);
    expect(toCustomFieldValue({ type: 'date', options: {} }, '2026-02-30')).toBeNull();
  });

  it('gives list and score inputs a value they can draw', () => {
    expect(asList(['A'])).toEqual(['A']);
    expect(asList('A')).toEqual(['A']);
    expect(asList(null)).toEqual([]);
    expect(asList('')).toEqual([]);
    expect(asScore(3)).toBe(3);
    for (const none of [null, 0, -1, 2.5, '3', ['3']]) expect(asScore(none)).toBe(0);
  });
});
