import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serverResources } from '../i18n/server-resources';
import { translate } from '../i18n/translate';
import {
  fieldLabel,
  fieldLabelKeys,
  fieldMessage,
  fieldName,
  fieldPath,
  genderKey,
  isTranslated,
  issueText,
  knownPath,
  labelPath,
  labelVars,
  type RequestPart,
} from './field-messages';

const issueOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!;

describe('fieldMessage', () => {
  it('maps zod issues to translation keys with their values', () => {
    expect(fieldMessage(issueOf(z.object({ a: z.string() }), {}))).toEqual({ key: 'errors:field.required', vars: {} });
    expect(fieldMessage(issueOf(z.string().min(1), ''))).toEqual({ key: 'errors:field.required', vars: { min: 1 } });
    expect(fieldMessage(issueOf(z.string().min(2), 'a'))).toEqual({ key: 'errors:field.too_short', vars: { min: 2 } });
    expect(fieldMessage(issueOf(z.string().max(3), 'abcd'))).toEqual({
      key: 'errors:field.too_long',
      vars: { max: 3 },
    });
    expect(fieldMessage(issueOf(z.number().min(30), 5))).toEqual({ key: 'errors:field.too_small', vars: { min: 30 } });
    expect(fieldMessage(issueOf(z.email(), 'x'))).toEqual({ key: 'errors:field.invalid_email', vars: {} });
    expect(fieldMessage(issueOf(z.enum(['a', 'b']), 'c'))).toEqual({ key: 'errors:field.invalid_value', vars: {} });
    expect(fieldMessage(issueOf(z.number(), 'x'))).toEqual({ key: 'errors:field.invalid_type', vars: {} });
  });

  it('uses a custom message that is a key as the key', () => {
    const schema = z.string().regex(/^a$/, { message: 'invalid_subdomain' });
    expect(fieldMessage(issueOf(schema, 'b'))).toEqual({ key: 'errors:invalid_subdomain', vars: {} });
  });
});

describe('fieldMessage for lists and unexpected keys', () => {
  it('counts a list in entries, not characters', () => {
    expect(fieldMessage(issueOf(z.array(z.string()).min(1), []))).toEqual({
      key: 'errors:field.required',
      vars: { min: 1 },
    });
    expect(fieldMessage(issueOf(z.array(z.string()).min(2), ['a']))).toEqual({
      key: 'errors:field.too_few_entries',
      vars: { min: 2 },
    });
    expect(fieldMessage(issueOf(z.array(z.string()).max(1), ['a', 'b']))).toEqual({
      key: 'errors:field.too_many_entries',
      vars: { max: 1 },
    });
  });

  it('names the keys an object did not expect, shortened', () => {
    const issue = issueOf(z.strictObject({}), { owner: 1, ['x'.repeat(60)]: 2 });
    expect(fieldMessage(issue)).toEqual({
      key: 'errors:field.unknown_key',
      vars: { keys: `owner, ${'x'.repeat(40)}…` },
    });
  });
});

describe('field names and labels', () => {
  const t = (key: string, vars?: Record<string, string | number>) => translate(serverResources, 'en', key, vars);
  const label = (path: PropertyKey[], root?: RequestPart) => fieldLabel(path, t, root);

  it('files a message under the whole path, or the request part when there is none', () => {
    expect(fieldPath(['people', 0, 'person_id'])).toBe('people.0.person_id');
    expect(fieldPath([])).toBe('body');
    expect(fieldPath(undefined, 'querystring')).toBe('querystring');
    expect(fieldName(['visitor', 'first_name'])).toBe('visitor.first_name');
    expect(fieldName([])).toBe('body');
  });

  it('labels a field by its innermost name: indices and record keys are no names', () => {
    expect(label(['people', '0', 'person_id'])).toBe('Person');
    expect(label(['site_ids', 3])).toBe('Site');
    expect(label(['custom_fields', '0190a4c2-0000-7000-8000-000000000001'])).toBe('Custom fields');
    expect(label(['permissions', 'fly_to_moon'])).toBe('Permissions');
    expect(label(['options', 'choices', 0])).toBe('Choices');
    expect(label(['options'])).toBe('Options');
  });

  it('follows the schema to tell a record key from a field name, even one that spells a label', () => {
    const schema = z.object({
      url: z.strictObject({ filters: z.record(z.string(), z.array(z.string())).default({}) }).optional(),
      custom_fields: z.lazy(() => z.record(z.string(), z.union([z.string(), z.object({ value: z.string() })]))),
    });
    expect(labelPath(schema, ['url', 'filters', 'status', 1])).toEqual(['url', 'filters', 2, 1]);
    expect(label(labelPath(schema, ['url', 'filters', 'status', 1]))).toBe('Filters');
    expect(label(labelPath(schema, ['custom_fields', 'name', 'value']))).toBe('Value');
    expect(label(labelPath(schema, ['custom_fields', 'name']))).toBe('Custom fields');
    // Off the schema, the path is kept: its own names still label it.
    expect(labelPath(schema, ['nothing', 'name'])).toEqual(['nothing', 'name']);
    expect(labelPath(undefined, ['url', 'name'])).toEqual(['url', 'name']);
    const preprocessed = z.preprocess((v) => v, z.object({ permissions: z.record(z.string(), z.number()) }));
    expect(labelPath(preprocessed, ['permissions', 'name'])).toEqual(['permissions', 1]);
  });

  it('finds where a value leaves what the schema describes', () => {
    const schema = z.object({
      name: z.string(),
      url: z.object({ filters: z.record(z.string(), z.array(z.string())) }),
    });
    expect(knownPath(schema, ['name', 0, 0, 0])).toEqual(['name']);
    expect(knownPath(schema, ['url', 'filters', 'status', 0, 0])).toEqual(['url', 'filters', 'status', 0]);
    expect(knownPath(schema, [0, 0])).toEqual([]);
    expect(knownPath(undefined, ['a', 'b'])).toEqual(['a']);
  });

  it('labels a path without a name by the part of the request', () => {
    expect(label([])).toBe('Request body');
    expect(label(['0', '1'])).toBe('Request body');
    expect(label(['__proto__'])).toBe('Request body');
    expect(label(['constructor', 'prototype'])).toBe('Request body');
    expect(label(['no_such_field'], 'querystring')).toBe('Query string');
    expect(label([], 'params')).toBe('Address');
  });

  it('knows a missing text by either translator’s answer', () => {
    expect(isTranslated('errors:fields.x', 'errors:fields.x')).toBe(false);
    expect(isTranslated('errors:fields.x', 'fields.x')).toBe(false);
    expect(isTranslated('errors:fields.name', 'Name')).toBe(true);
    expect(fieldLabelKeys(['people', 0, 'person_id'])[0]).toBe('errors:fields.people.person_id');
  });

  it('gives every issue a sentence naming a label, never a raw key', () => {
    const schema = z.object({
      people: z.array(z.object({ person_id: z.uuid() })),
      code: z.string().regex(/^a$/, { message: 'no_such_message_key' }),
    });
    const issues = schema.safeParse({ people: [{ person_id: 'x' }], code: 'b' }).error!.issues;
    const texts = issues.map((issue) => issueText(issue, t));
    expect(texts).toEqual(['Person has the wrong format.', 'Code is not valid.']);
    const root = issueText(z.object({}).safeParse([]).error!.issues[0]!, t);
    expect(root).toBe('Request body has the wrong type.');
    for (const lang of ['ar', 'es'] as const) {
      const text = issueText(issues[0]!, (key, vars) => translate(serverResources, lang, key, vars));
      expect(text).not.toMatch(/errors:|fields\.|\{\{/);
    }
  });
});

describe('a label with its gender', () => {
  const tIn = (lang: 'en' | 'ar') => (key: string, vars?: Record<string, string | number>) =>
    translate(serverResources, lang, key, vars);

  it('keeps the gender beside the label, in the languages that have one', () => {
    expect(genderKey('errors:fields.area_id')).toBe('errors:genders.fields.area_id');
    expect(genderKey('documents.form.result')).toBe('genders.documents.form.result');
    expect(labelVars('errors:fields.area_id', tIn('ar'))).toEqual({ field: 'المنطقة', context: 'female' });
    expect(labelVars('errors:fields.first_name', tIn('ar'))).toEqual({ field: 'الاسم الأول', context: 'male' });
    // No noun to agree with: the plain form, which quotes it.
    expect(labelVars('errors:fields.person_ids', tIn('ar'))).toEqual({ field: 'الأشخاص' });
    expect(labelVars('errors:fields.area_id', tIn('en'))).toEqual({ field: 'Area' });
  });

  it("words a zod issue to agree with its field's label", () => {
    const schema = z.object({ area_id: z.uuid(), name: z.string().min(1) });
    const ar = tIn('ar');
    expect(issueText(issueOf(schema, { name: 'x' }), ar, 'body', schema)).toBe('المنطقة مطلوبة.');
    expect(issueText(issueOf(schema, { area_id: crypto.randomUUID(), name: '' }), ar, 'body', schema)).toBe(
      'الاسم مطلوب.',
    );
  });
});
