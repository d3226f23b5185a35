// A message that puts a field's label into a sentence must agree with the label's grammatical gender
// ("المنطقة مطلوبة.", never "المنطقة مطلوب."). A language whose sentences agree with a label keeps
// each label's gender under `genders.<label key>` (`male`, `female`, or `none` for a label that is no
// noun to agree with: an adjective, a phrase, people in the plural), and each such message has its
// `_male` and `_female` forms. The plain form is for a name without a gender (a custom field's name,
// the admin's own text): it quotes the name after a noun of its own ("الحقل «…» مطلوب."), right for
// any name. Spanish words every such message that way ("El campo «…» es obligatorio.").
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Language } from '../constants';
import { labelVars } from '../http/field-messages';
import { serverResources } from './server-resources';
import { flattenKeys, mergeCatalogues, namespaceOfFile, translate, type Catalogue } from './translate';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const repo = join(root, '../../../..');

/** Each namespace of a language, its parts merged. */
function namespacesOf(lang: string): Record<string, Catalogue> {
  const merged: Record<string, Catalogue> = {};
  for (const file of readdirSync(join(root, lang)).filter((name) => name.endsWith('.json'))) {
    const namespace = namespaceOfFile(file)!;
    const catalogue = JSON.parse(readFileSync(join(root, lang, file), 'utf8')) as Catalogue;
    merged[namespace] = mergeCatalogues(merged[namespace] ?? {}, catalogue);
  }
  return merged;
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const GENDERS = ['male', 'female', 'none'];
/** Languages whose sentences agree with a label's gender: Arabic keeps genders, Spanish words around them. */
const GENDERED_LANGUAGES = ['ar', 'es'];
const KEEPS_GENDERS = ['ar'];
const catalogues = Object.fromEntries(GENDERED_LANGUAGES.map((lang) => [lang, namespacesOf(lang)]));

/** Labels the web app names in its own messages, outside `errors:fields` (`namespace:key`). */
const OTHER_LABELS = [
  'rfid:admin.send.kiosk',
  'custom-fields:form.section',
  'kiosk-reviews:resolve.note',
  ...['compliance', 'protocol', 'result', 'dose_date', 'test_date'].map((name) => `users:documents.form.${name}`),
];

// A template whose {{field}} is a heading ("{{field}}: hours"), not part of a sentence, agrees with nothing.
const inSentence = (text: string) => /\{\{field\}\}(?!:)/.test(text);
// A custom field's value messages only ever name the admin's own text: the plain form is all they need.
const FREE_TEXT_ONLY = /^custom_value_/;
const FORM = /_(male|female)$/;

/** Each base template naming a field in a sentence, with the forms the language gives it. */
function fieldTemplates(lang: string): { id: string; base: string; forms: string[] }[] {
  return Object.entries(catalogues[lang]!).flatMap(([namespace, catalogue]) => {
    const keys = flattenKeys(catalogue);
    return keys
      .filter((key) => !FORM.test(key) && !key.startsWith('genders.') && inSentence(lookup(catalogue, key)!))
      .map((key) => ({
        id: `${lang}/${namespace}:${key}`,
        base: lookup(catalogue, key)!,
        forms: keys.filter((k) => k === `${key}_male` || k === `${key}_female`),
      }));
  });
}

describe.each(KEEPS_GENDERS)('label genders (%s)', (lang) => {
  const errors = catalogues[lang]!.errors!;
  const labelKeys = flattenKeys(errors.fields as Catalogue);

  it('gives every field label a gender', () => {
    expect(labelKeys.length).toBeGreaterThan(200);
    const missing = labelKeys.filter((key) => !GENDERS.includes(lookup(errors, `genders.fields.${key}`) ?? ''));
    expect(missing).toEqual([]);
  });

  it('gives a gender to every label the web app names in its own messages', () => {
    const missing = OTHER_LABELS.filter((id) => {
      const [namespace, key] = id.split(':') as [string, string];
      const catalogue = catalogues[lang]![namespace];
      return lookup(catalogue, key) === undefined || !GENDERS.includes(lookup(catalogue, `genders.${key}`) ?? '');
    });
    expect(missing).toEqual([]);
  });

  it('keeps genders only for labels that exist, each male, female or none', () => {
    const wrong = Object.entries(catalogues[lang]!).flatMap(([namespace, catalogue]) =>
      flattenKeys(catalogue)
        .filter((key) => key.startsWith('genders.'))
        .filter((key) => {
          const label = key.slice('genders.'.length);
          return lookup(catalogue, label) === undefined || !GENDERS.includes(lookup(catalogue, key)!);
        })
        .map((key) => `${namespace}:${key}`),
    );
    expect(wrong).toEqual([]);
  });

  it('gives every message naming a field its male and female forms', () => {
    const templates = fieldTemplates(lang);
    expect(templates.length).toBeGreaterThan(30);
    const missing = templates
      .filter((t) => !FREE_TEXT_ONLY.test(t.id.split(':')[1]!) && t.forms.length !== 2)
      .map((t) => t.id);
    expect(missing).toEqual([]);
  });
});

describe.each(GENDERED_LANGUAGES)('messages naming a field without a gender (%s)', (lang) => {
  it('quote the name after a noun of their own, right whatever its gender', () => {
    const unsafe = fieldTemplates(lang)
      .filter((t) => !t.base.includes('«{{field}}»'))
      .map((t) => `${t.id}: ${t.base}`);
    expect(unsafe).toEqual([]);
  });
});

describe('a message agrees with the label it names', () => {
  const say = (lang: Language, key: string, label: string, vars: Record<string, number> = {}) => {
    const t = (k: string, v?: Record<string, string | number>) => translate(serverResources, lang, k, v);
    return t(key, { ...vars, ...labelVars(`errors:fields.${label}`, t) });
  };

  it('in Arabic, by the label’s gender', () => {
    expect(say('ar', 'errors:field.required', 'area_id')).toBe('المنطقة مطلوبة.');
    expect(say('ar', 'errors:field.required', 'first_name')).toBe('الاسم الأول مطلوب.');
    expect(say('ar', 'errors:choice_required', 'label_ids')).toBe('التصنيفات مطلوبة.');
    expect(say('ar', 'errors:field.too_long', 'password', { max: 64 })).toBe('يجب ألا تزيد كلمة المرور عن 64 حرفاً.');
    expect(say('ar', 'errors:field.invalid', 'status')).toBe('الحالة غير صالحة.');
    // A label that is no noun to agree with is quoted.
    expect(say('ar', 'errors:field.required', 'person_ids')).toBe('الحقل «الأشخاص» مطلوب.');
  });

  it('in English and Spanish, in their one form', () => {
    expect(say('en', 'errors:field.required', 'area_id')).toBe('Area is required.');
    expect(say('es', 'errors:field.required', 'area_id')).toMatch(/^El campo «.+» es obligatorio\.$/);
  });
});

describe('sources', () => {
  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  it('name a field by its label with its gender (labelVars), never by its bare text', () => {
    const bare = ['apps/web/src', 'apps/server/src', 'packages/shared/src'].flatMap((dir) =>
      sourceFiles(join(repo, dir)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\bfield: t\(/g)].map(() => relative(repo, file)),
      ),
    );
    expect(bare).toEqual([]);
  });
});
