import type { Language } from '../constants';

export type Catalogue = { [key: string]: string | Catalogue };
export type Resources = Record<Language, Record<string, Catalogue>>;

function lookup(catalogue: Catalogue | undefined, path: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A text with a numeric `count` has plural forms (`key_one`, `key_other`; Arabic also `_zero`, `_two`,
 * `_few`, `_many`), chosen by the language's plural rules as the browser's i18next does.
 */
function pluralLookup(catalogue: Catalogue | undefined, lang: Language, path: string, count: unknown) {
  if (typeof count !== 'number') return lookup(catalogue, path);
  const form = count === 0 && lookup(catalogue, `${path}_zero`) ? 'zero' : new Intl.PluralRules(lang).select(count);
  return lookup(catalogue, `${path}_${form}`) ?? lookup(catalogue, `${path}_other`) ?? lookup(catalogue, path);
}

/**
 * A text with a `context` (the grammatical gender of the field it names: `male`, `female`) has its
 * form for that context (`key_female`, counted: `key_female_one`) where the language has one, else
 * the plain text, as the browser's i18next does.
 */
function contextLookup(catalogue: Catalogue | undefined, lang: Language, path: string, vars: Record<string, unknown>) {
  const context = vars.context;
  const inContext =
    typeof context === 'string' && context !== ''
      ? pluralLookup(catalogue, lang, `${path}_${context}`, vars.count)
      : undefined;
  return inContext ?? pluralLookup(catalogue, lang, path, vars.count);
}

/** Translates `namespace:dotted.key` with `{{var}}` interpolation, falling back to English, then the key. */
export function translate(
  resources: Resources,
  lang: Language,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const text =
    contextLookup(resources[lang]?.[ns], lang, path, vars) ?? contextLookup(resources.en[ns], 'en', path, vars) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** Every dotted key of a catalogue, for the completeness test. */
export function flattenKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : flattenKeys(v, `${prefix}${k}.`),
  );
}

/**
 * The namespace a catalogue file belongs to: `errors.json` and the per-feature parts of a shared
 * namespace (`errors.journeys.json`) both give `errors`.
 */
export const namespaceOfFile = (fileName: string): string | undefined =>
  /(?:^|\/)([\w-]+)(?:\.[\w-]+)?\.json$/.exec(fileName)?.[1];

/** Catalogues laid over each other, nested groups (like `fields`) merged key by key. */
export function mergeCatalogues(...parts: Catalogue[]): Catalogue {
  const merged: Catalogue = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const existing = merged[key];
      merged[key] =
        typeof value === 'object' && typeof existing === 'object' ? mergeCatalogues(existing, value) : value;
    }
  }
  return merged;
}
