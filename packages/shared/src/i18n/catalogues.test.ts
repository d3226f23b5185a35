// Every language must have every key of every namespace, with the same {{placeholders}}.
// The folders are read from disk, so a new namespace or language is covered without touching this file.
// Plural forms (key_one, key_few, ...) and the forms agreeing with a label's gender (key_male,
// key_female) differ by language, so they are compared as their base key. A label's gender
// (`genders.*`) is kept only by the languages whose sentences agree with it (label-genders.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenKeys, type Catalogue } from './translate';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const namespaces = [
  ...new Set(languages.flatMap((lang) => readdirSync(join(root, lang)).filter((file) => file.endsWith('.json')))),
].sort();

function load(lang: string, file: string): Catalogue | undefined {
  try {
    return JSON.parse(readFileSync(join(root, lang, file), 'utf8')) as Catalogue;
  } catch {
    return undefined;
  }
}

function lookup(catalogue: Catalogue, key: string): string {
  let node: string | Catalogue = catalogue;
  for (const part of key.split('.')) node = (node as Catalogue)[part] as string | Catalogue;
  return node as string;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const GENDERED = /_(male|female)$/;
const baseKey = (key: string) => key.replace(PLURAL, '').replace(GENDERED, '');
const isGender = (key: string) => key.startsWith('genders.');

/** Each base key of a catalogue with the placeholders its texts use (a plural form may leave out {{count}}). */
function entries(catalogue: Catalogue): Map<string, string> {
  const found = new Map<string, Set<string>>();
  for (const key of flattenKeys(catalogue).filter((k) => !isGender(k))) {
    const names = [...lookup(catalogue, key).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
    const base = baseKey(key);
    const set = found.get(base) ?? new Set<string>();
    for (const name of names) if (!(PLURAL.test(key) && name === 'count')) set.add(name);
    found.set(base, set);
  }
  return new Map([...found].map(([key, names]) => [key, [...names].sort().join()]));
}

describe('i18n catalogues', () => {
  it('has English, Arabic and Spanish', () => {
    expect(languages).toEqual(expect.arrayContaining(['ar', 'en', 'es']));
  });

  describe.each(namespaces)('%s', (file) => {
    const catalogues = Object.fromEntries(languages.map((lang) => [lang, load(lang, file)]));

    it('exists and parses in every language', () => {
      const missing = languages.filter((lang) => catalogues[lang] === undefined);
      expect(missing, `${file} is missing or invalid in: ${missing.join(', ')}`).toEqual([]);
    });

    it('has the same keys in every language', () => {
      const keys = Object.fromEntries(languages.map((lang) => [lang, entries(catalogues[lang] ?? {})]));
      const all = new Set(languages.flatMap((lang) => [...keys[lang]!.keys()]));
      const gaps = languages.flatMap((lang) =>
        [...all].filter((key) => !keys[lang]!.has(key)).map((key) => `${lang}/${file}: ${key}`),
      );
      expect(gaps).toEqual([]);
    });

    it('uses the same placeholders in every language', () => {
      const english = entries(catalogues.en ?? {});
      const mismatches = languages.flatMap((lang) =>
        [...entries(catalogues[lang] ?? {})]
          .filter(([key, names]) => english.has(key) && english.get(key) !== names)
          .map(([key]) => `${lang}/${file}: ${key}`),
      );
      expect(mismatches).toEqual([]);
    });

    it('gives every plural key its "other" form', () => {
      const incomplete = languages.flatMap((lang) => {
        const keys = flattenKeys(catalogues[lang] ?? {});
        return [...new Set(keys.filter((key) => PLURAL.test(key)).map(baseKey))]
          .filter((base) => !keys.includes(`${base}_other`))
          .map((base) => `${lang}/${file}: ${base}_other`);
      });
      expect(incomplete).toEqual([]);
    });

    it('has no empty texts', () => {
      const empty = languages.flatMap((lang) =>
        flattenKeys(catalogues[lang] ?? {})
          .filter((key) => lookup(catalogues[lang]!, key).trim() === '')
          .map((key) => `${lang}/${file}: ${key}`),
      );
      expect(empty).toEqual([]);
    });
  });
});
