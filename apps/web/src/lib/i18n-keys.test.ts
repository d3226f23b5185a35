// Every literal translation key the web app uses exists in the English catalogue (the catalogue test
// then holds Arabic and Spanish to the same keys). A missing key shows as raw text like
// "tabs.sites" on screen; this finds it before anyone sees it. Keys built at run time (template
// strings) are left to the browser tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeCatalogues, namespaceOfFile, type Catalogue } from '@app/shared/i18n/translate';

const webSrc = decodeURIComponent(new URL('..', import.meta.url).pathname);
const i18nRoot = decodeURIComponent(new URL('../../../../packages/shared/src/i18n/en', import.meta.url).pathname);

const catalogues: Record<string, Catalogue> = {};
for (const file of readdirSync(i18nRoot).filter((name) => name.endsWith('.json'))) {
  const namespace = namespaceOfFile(file)!;
  const catalogue = JSON.parse(readFileSync(join(i18nRoot, file), 'utf8')) as Catalogue;
  catalogues[namespace] = mergeCatalogues(catalogues[namespace] ?? {}, catalogue);
}

const PLURAL = /^(zero|one|two|few|many|other)$/;

/** Whether `key` names a text (or, for plurals, a family of `key_<form>` texts) in the namespace. */
function hasKey(namespace: string, key: string): boolean {
  let node: Catalogue | string | undefined = catalogues[namespace];
  const parts = key.split('.');
  for (const [index, part] of parts.entries()) {
    if (node === undefined || typeof node === 'string') return false;
    const next: Catalogue | string | undefined = node[part];
    if (next === undefined) {
      const last = index === parts.length - 1;
      return last && Object.keys(node).some((k) => k.startsWith(`${part}_`) && PLURAL.test(k.slice(part.length + 1)));
    }
    node = next;
  }
  return node !== undefined;
}

/** The namespaces a file's bare keys resolve in: its useTranslation('ns') and getFixedT(null, 'ns') calls. */
function namespacesOf(source: string): string[] {
  const found = [
    ...source.matchAll(/useTranslation\(\s*\[?\s*'([\w-]+)'/g),
    ...source.matchAll(/getFixedT\(\s*null\s*,\s*'([\w-]+)'/g),
  ].map((m) => m[1]!);
  return found.length ? found : ['common'];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('translation keys used by the web app', () => {
  it('finds the catalogues and the sources', () => {
    expect(Object.keys(catalogues)).toEqual(expect.arrayContaining(['common', 'errors', 'sites', 'users']));
    expect(sourceFiles(webSrc).length).toBeGreaterThan(100);
  });

  it('resolves plural families and nested keys, and refuses missing ones', () => {
    expect(hasKey('sites', 'area_count')).toBe(true);
    expect(hasKey('common', 'actions.cancel')).toBe(true);
    expect(hasKey('common', 'cancel')).toBe(false);
    expect(hasKey('sites', 'no.such.key')).toBe(false);
  });

  it('uses only keys that exist', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(webSrc)) {
      const source = readFileSync(file, 'utf8');
      const namespaces = namespacesOf(source);
      for (const match of source.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
        const key = match[1]!;
        const [namespace, name] = key.includes(':') ? key.split(':', 2) : [undefined, key];
        const known = namespace ? hasKey(namespace, name) : namespaces.some((ns) => hasKey(ns, key));
        if (!known) missing.push(`${relative(webSrc, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
