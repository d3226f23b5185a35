// Each page loads only the translation namespaces it names (lib/i18n.ts, the route files in app/). A name left
// out shows as a raw key on screen, so this follows the imports of the start-up code, of the app layout
// and of each page, and checks that every namespace their code asks for is loaded before they render.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_NAMESPACES } from '@/lib/start-namespaces';
import { SIGN_IN_NAMESPACES } from './sign-in-namespaces';

const webSrc = decodeURIComponent(new URL('..', import.meta.url).pathname);
const sharedSrc = decodeURIComponent(new URL('../../../../packages/shared/src', import.meta.url).pathname);
const english = join(sharedSrc, 'i18n/en');
const NAMESPACES = new Set(readdirSync(english).map((file) => file.replace(/(\.[\w-]+)?\.json$/, '')));

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(webSrc, specifier.slice(2));
  else if (specifier.startsWith('@app/shared/')) base = join(sharedSrc, specifier.slice('@app/shared/'.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined;
  return ['.ts', '.tsx', ''].map((ext) => base + ext).find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

/** The modules a file imports: static ones, and dynamic ones too when they load parts of the same page. */
function importsOf(file: string, source: string, withDynamic: boolean): string[] {
  const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)].map(
    (m) => m[1]!,
  );
  const found = specifiers.flatMap((specifier) => resolveImport(file, specifier) ?? []);
  return withDynamic ? [...found, ...dynamicImportsOf(file, source)] : found;
}

/** The modules a file imports on demand (`import('…')`). */
function dynamicImportsOf(file: string, source: string): string[] {
  return [...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].flatMap((m) => resolveImport(file, m[1]!) ?? []);
}

/** The namespaces a file's code asks for: hooks, fixed translators and `namespace:key` texts. */
function namespacesIn(source: string): string[] {
  const named = [
    ...source.matchAll(/useTranslation\(\s*\[([^\]]*)\]/g),
    ...source.matchAll(/useTranslation\(\s*('[\w-]+')/g),
    ...source.matchAll(/getFixedT\(\s*null\s*,\s*('[\w-]+')/g),
  ].flatMap((m) => [...m[1]!.matchAll(/'([\w-]+)'/g)].map((n) => n[1]!));
  const prefixed = [...source.matchAll(/['`]([\w-]+):[\w.${]/g)].map((m) => m[1]!);
  const bare = /useTranslation\(\s*\)/.test(source) ? ['common'] : [];
  return [...named, ...prefixed, ...bare].filter((ns) => NAMESPACES.has(ns));
}

/** The namespaces a file loads itself for what it imports on demand: `loadCatalogues([…] | NAME)`. */
function loadedOnDemand(source: string): string[] {
  return [...source.matchAll(/loadCatalogues\(\s*(\[[^\]]*\]|[A-Z_]+)/g)].flatMap((m) => {
    const list = m[1]!.startsWith('[') ? m[1]! : new RegExp(`const ${m[1]} = (\\[[^\\]]*\\])`).exec(source)?.[1];
    return [...(list ?? '').matchAll(/'([\w-]+)'/g)].map((n) => n[1]!);
  });
}

/**
 * Every namespace asked for by the code a module brings along, with the file that asks. What a file
 * loads itself with `loadCatalogues` counts as loaded for the modules it imports on demand.
 */
function namespacesOfModule(entry: string, { dynamicFromEntry }: { dynamicFromEntry: boolean }) {
  const seen = new Set<string>();
  const found = new Map<string, string>();
  const walk = (file: string, depth: number, loaded: readonly string[]) => {
    const key = `${file}|${[...loaded].sort().join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    const source = readFileSync(file, 'utf8');
    for (const ns of namespacesIn(source))
      if (!found.has(ns) && !loaded.includes(ns)) found.set(ns, relative(webSrc, file));
    // The router's own dynamic imports are the pages, checked one by one below.
    const withDynamic = dynamicFromEntry || depth > 0;
    const ownDynamic = withDynamic && !ROUTE_FILES.includes(file);
    for (const next of importsOf(file, source, false)) walk(next, depth + 1, loaded);
    if (ownDynamic) {
      const onDemand = [...loaded, ...loadedOnDemand(source)];
      for (const next of dynamicImportsOf(file, source)) walk(next, depth + 1, onDemand);
    }
  };
  walk(entry, 0, []);
  return found;
}

type PageRoute = { kind: string; path: string; module: string; namespaces: string[] };

/** The files the route tree is written in (all in app/, so their imports resolve alike). */
const ROUTE_FILES = ['router', 'route-shells', 'public-routes', 'dashboard-routes', 'operations-routes'].map((name) =>
  join(webSrc, `app/${name}.tsx`),
);
const routerFile = ROUTE_FILES[0]!;
// The lists the routes name are written there, or in the module they share with the build's weighing.
const router = [...ROUTE_FILES, join(webSrc, 'app/dashboard-namespaces.ts')]
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** A list in the router: `['a', 'b']` written out, or the name of a `const NAME = ['a', 'b']`. */
function namespaceList(text: string | undefined): string[] {
  const literal = text?.trim().startsWith('[')
    ? text
    : text && new RegExp(`const ${text.trim()} = (\\[[^\\]]*\\])`).exec(router)?.[1];
  return [...(literal ?? '').matchAll(/'([\w-]+)'/g)].map((n) => n[1]!);
}

/** The router's pages: `publicPage|appPage|printPage(paths.x, lazyRouteComponent(() => import('…'), '…'), [ns…] | NAME)`. */
function pages(): PageRoute[] {
  const pattern =
    /(publicPage|appPage|printPage)\(\s*paths\.(\w+),\s*lazyRouteComponent\(\s*\(\)\s*=>\s*import\('([^']+)'\),\s*'\w+',?\s*\),?\s*(\[[^\]]*\]|[A-Z_]+)?/g;
  const found = [...router.matchAll(pattern)].map((m) => ({
    kind: m[1]!,
    path: m[2]!,
    module: resolveImport(routerFile, m[3]!)!,
    namespaces: namespaceList(m[4]),
  }));
  // The page of every route not built yet, and of unknown addresses.
  return [
    ...found,
    { kind: 'publicPage', path: '(not found)', module: join(webSrc, 'app/routes/not-found-page.tsx'), namespaces: [] },
  ];
}

const LAYOUT = namespaceList('LAYOUT_NAMESPACES');

const missing = (needed: Map<string, string>, loaded: readonly string[]) =>
  [...needed].filter(([ns]) => !loaded.includes(ns)).map(([ns, file]) => `${ns} (${file})`);

describe('translation namespaces loaded for each page', () => {
  it('reads the namespaces, the imports and the routes', () => {
    expect(loadedOnDemand(`const WORDS = ['a-b', 'c'];\nloadCatalogues(WORDS); loadCatalogues(['d'])`)).toEqual([
      'a-b',
      'c',
      'd',
    ]);
    expect([...NAMESPACES]).toEqual(expect.arrayContaining(['common', 'errors', 'auth', 'pre-registration']));
    expect(namespacesIn(`useTranslation(['pages', 'layout']); t('errors:field.required'); 'node:fs'`)).toEqual([
      'pages',
      'layout',
      'errors',
    ]);
    expect(pages().find((page) => page.path === 'kioskRegister')?.namespaces).toContain('kiosk-register');
    expect(pages().find((page) => page.path === 'home')?.namespaces).toContain('visits');
    expect(pages().filter((page) => page.kind === 'appPage').length).toBeGreaterThanOrEqual(30);
    expect(LAYOUT).toContain('layout');
  });

  it('loads at start what the shell and the start-up code show', () => {
    const needed = namespacesOfModule(join(webSrc, 'main.tsx'), { dynamicFromEntry: false });
    expect(needed.size).toBeGreaterThan(0);
    expect(missing(needed, START_NAMESPACES)).toEqual([]);
  });

  it('loads in the sign-in document what its start-up code and its pages show', () => {
    // It renders once the sign-in namespaces have loaded; the pages other than /login load when opened.
    const pages = namespacesOfModule(join(webSrc, 'sign-in-main.tsx'), { dynamicFromEntry: true });
    expect([...pages.keys()]).toContain('auth');
    expect(missing(pages, [...START_NAMESPACES, ...SIGN_IN_NAMESPACES])).toEqual([]);
  });

  it('loads with the app layout what it shows', () => {
    const needed = namespacesOfModule(join(webSrc, 'app/routes/authenticated-layout.tsx'), { dynamicFromEntry: true });
    expect(missing(needed, [...START_NAMESPACES, ...LAYOUT])).toEqual([]);
  });

  it.each(pages().map((page) => [page.path, page] as const))('%s names what it shows', (_, page) => {
    const needed = namespacesOfModule(page.module, { dynamicFromEntry: true });
    const layout = page.kind === 'appPage' ? LAYOUT : [];
    expect(missing(needed, [...START_NAMESPACES, ...layout, ...page.namespaces])).toEqual([]);
  });
});
