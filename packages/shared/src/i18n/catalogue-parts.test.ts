// A namespace may come in parts (`errors.json` plus `errors.<feature>.json`), merged key by key. Two
// parts giving one key different texts would let whichever loads last win, silently changing another
// feature's messages: every key has one text across the parts of its namespace.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenKeys, mergeCatalogues, namespaceOfFile, type Catalogue } from './translate';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function lookup(catalogue: Catalogue, key: string): string {
  let node: string | Catalogue = catalogue;
  for (const part of key.split('.')) node = (node as Catalogue)[part] as string | Catalogue;
  return node as string;
}

describe('catalogue parts', () => {
  it('names the namespace of a part and merges nested groups', () => {
    expect(namespaceOfFile('errors.json')).toBe('errors');
    expect(namespaceOfFile('/x/en/errors.visit-permits.json')).toBe('errors');
    expect(mergeCatalogues({ a: '1', fields: { x: 'X' } }, { fields: { y: 'Y' } })).toEqual({
      a: '1',
      fields: { x: 'X', y: 'Y' },
    });
  });

  it.each(languages)('gives each key one text across the parts of a namespace (%s)', (lang) => {
    const seen = new Map<string, { file: string; text: string }>();
    const clashes: string[] = [];
    for (const file of readdirSync(join(root, lang)).filter((name) => name.endsWith('.json'))) {
      const catalogue = JSON.parse(readFileSync(join(root, lang, file), 'utf8')) as Catalogue;
      const namespace = namespaceOfFile(file)!;
      for (const key of flattenKeys(catalogue)) {
        const text = lookup(catalogue, key);
        const id = `${namespace}:${key}`;
        const earlier = seen.get(id);
        if (earlier && earlier.text !== text) clashes.push(`${id} in ${earlier.file} and ${file}`);
        seen.set(id, { file, text });
      }
    }
    expect(clashes).toEqual([]);
  });
});
