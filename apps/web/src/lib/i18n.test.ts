import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '@app/shared/i18n/translate';
import { cataloguePlan, type CatalogueLoader } from './i18n';

const i18nRoot = decodeURIComponent(new URL('../../../../packages/shared/src/i18n', import.meta.url).pathname);

/** The catalogue files as the app's glob names them (`./<lang>/<file>.json`), each loading its own name. */
const files: Record<string, CatalogueLoader> = Object.fromEntries(
  ['en', 'ar', 'es'].flatMap((lang) =>
    readdirSync(`${i18nRoot}/${lang}`)
      .filter((file) => file.endsWith('.json') && file !== 'emails.json')
      .map((file) => [`./${lang}/${file}`, () => Promise.resolve<Catalogue>({ file: `${lang}/${file}` })]),
  ),
);

/** The files loaded for a namespace in a language. */
async function filesOf(lang: string, namespace: string): Promise<string[]> {
  const loaders = cataloguePlan(files, lang).get(namespace) ?? [];
  return (await Promise.all(loaders.map((load) => load()))).map((c) => c.file as string).sort();
}

describe('catalogue plan', () => {
  it('loads a namespace from its own file, in the language asked for only', async () => {
    expect(await filesOf('ar', 'auth')).toEqual(['ar/auth.json']);
    expect(await filesOf('es', 'common')).toEqual(['es/common.json']);
  });

  it('loads every part of a namespace with it', async () => {
    const errors = await filesOf('en', 'errors');
    expect(errors).toEqual(
      expect.arrayContaining(['en/errors.json', 'en/errors.visits.json', 'en/errors.security.json']),
    );
    expect(errors.every((file) => /^en\/errors(\.[\w-]+)?\.json$/.test(file))).toBe(true);
  });

  it('leaves the server-only emails out and has the same namespaces in every language', () => {
    const namespaces = (lang: string) => [...cataloguePlan(files, lang).keys()].sort();
    expect(namespaces('en')).toEqual(expect.arrayContaining(['common', 'errors', 'sites', 'users']));
    expect(namespaces('en')).not.toContain('emails');
    expect(namespaces('ar')).toEqual(namespaces('en'));
    expect(namespaces('es')).toEqual(namespaces('en'));
  });
});
