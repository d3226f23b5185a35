// The words the flow's rules speak (the `errors` catalogue and its parts, the vaccine names of
// `compliances`), loaded with the flow rather than with the welcome screen.
import type { Catalogue } from '@app/shared/i18n/translate';
import { addCatalogues, type Language } from '../../lib/i18n';

const files = import.meta.glob<{ default: Catalogue }>([
  '../../../../../packages/shared/src/i18n/*/errors*.json',
  '../../../../../packages/shared/src/i18n/*/compliances.json',
]);

const loaded = new Set<Language>();

/** Merges a part into a catalogue: nested groups (the field labels) key by key. */
function mergeInto(into: Catalogue, part: Catalogue) {
  for (const [key, value] of Object.entries(part)) {
    const there = into[key];
    if (typeof value === 'object' && typeof there === 'object') mergeInto(there, value);
    else into[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

export async function loadFlowCatalogues(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  const mine = Object.entries(files).filter(([path]) => path.includes(`/i18n/${lang}/`));
  const parts = await Promise.all(mine.map(async ([path, load]) => [path, (await load()).default] as const));
  const errors: Catalogue = {};
  let compliances: Catalogue = {};
  // errors.json first, its parts over it, as the server merges them.
  for (const [path, catalogue] of parts.sort(([a], [b]) => a.length - b.length)) {
    if (path.endsWith('/compliances.json')) compliances = catalogue;
    else mergeInto(errors, catalogue);
  }
  await addCatalogues(lang, { errors, compliances });
  loaded.add(lang);
}
