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

/** Translates `namespace:dotted.key` with `{{var}}` interpolation, falling back to English, then the key. */
export function translate(
  resources: Resources,
  lang: Language,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const text = lookup(resources[lang]?.[ns], path) ?? lookup(resources.en[ns], path) ?? key;
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
