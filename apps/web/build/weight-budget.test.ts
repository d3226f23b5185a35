import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliParams } from './precompress';
import { pageFiles, servedBytes, weighPages, type BuiltBundle, type BuiltChunk } from './weight-budget';

const chunk = (fileName: string, moduleIds: string[], more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  type: 'chunk',
  fileName,
  code: `export const file = ${JSON.stringify(fileName.repeat(50))};\n`,
  isEntry: false,
  imports: [],
  moduleIds,
  ...more,
});

const SRC = '/repo/apps/web/src';
const I18N = '/repo/packages/shared/src/i18n';

// Two documents' entries with a runtime, a login page sharing a forms chunk with the dashboard,
// catalogues, style sheets.
const bundle: BuiltBundle = {
  'assets/sign-in.js': chunk('assets/sign-in.js', [`${SRC}/sign-in-main.tsx`], {
    isEntry: true,
    imports: ['assets/runtime.js', 'assets/login.js'],
  }),
  'assets/index.js': chunk('assets/index.js', [`${SRC}/main.tsx`], {
    isEntry: true,
    imports: ['assets/runtime.js'],
    viteMetadata: { importedCss: new Set(['assets/index.css']) },
  }),
  'assets/runtime.js': chunk('assets/runtime.js', ['\0rolldown/runtime.js']),
  'assets/login.js': chunk('assets/login.js', [`${SRC}/features/auth/components/login-page.tsx`], {
    imports: ['assets/forms.js'],
  }),
  'assets/forms.js': chunk('assets/forms.js', ['/repo/node_modules/@mantine/form/esm/index.mjs'], {
    viteMetadata: { importedCss: new Set(['assets/forms.css']) },
  }),
  'assets/dashboard.js': chunk('assets/dashboard.js', [`${SRC}/app/routes/home-page.tsx`], {
    imports: ['assets/forms.js', 'assets/grid.js'],
  }),
  'assets/grid.js': chunk('assets/grid.js', [`${SRC}/components/data-grid/data-grid.tsx`]),
  'assets/catalogues-en.js': chunk('assets/catalogues-en.js', [`${I18N}/en/common.json`, `${I18N}/en/errors.json`]),
  'assets/catalogues-ar.js': chunk('assets/catalogues-ar.js', [`${I18N}/ar/common.json`]),
  'assets/auth.js': chunk('assets/auth.js', [`${I18N}/en/auth.json`]),
  'assets/layout.js': chunk('assets/layout.js', [`${I18N}/en/layout.json`]),
  'assets/layout.account.js': chunk('assets/layout.account.js', [`${I18N}/en/layout.account.json`]),
  'assets/layouts.js': chunk('assets/layouts.js', [`${I18N}/en/layouts.json`]),
  'assets/index.css': { type: 'asset', fileName: 'assets/index.css', source: 'body{margin:0}'.repeat(40) },
  'assets/forms.css': { type: 'asset', fileName: 'assets/forms.css', source: '.input{color:red}'.repeat(40) },
};

describe('pageFiles', () => {
  it("takes its document's entry, the page's modules with what they import, their catalogues and style sheets", () => {
    const files = pageFiles(bundle, {
      entry: 'src/sign-in-main.tsx',
      modules: ['src/features/auth/components/login-page.tsx'],
      namespaces: ['common', 'auth', 'layout'],
    });
    expect(files).toEqual([
      'assets/auth.js',
      'assets/catalogues-en.js',
      'assets/forms.css',
      'assets/forms.js',
      'assets/layout.account.js',
      'assets/layout.js',
      'assets/login.js',
      'assets/runtime.js',
      'assets/sign-in.js',
    ]);
  });

  it('leaves out the other document, pages and languages', () => {
    const files = pageFiles(bundle, {
      entry: 'src/main.tsx',
      modules: ['src/app/routes/home-page.tsx'],
      namespaces: [],
    });
    expect(files).toEqual([
      'assets/dashboard.js',
      'assets/forms.css',
      'assets/forms.js',
      'assets/grid.js',
      'assets/index.css',
      'assets/index.js',
      'assets/runtime.js',
    ]);
  });

  it('refuses a module or a namespace no chunk holds, rather than counting nothing', () => {
    const entry = 'src/main.tsx';
    expect(() =>
      pageFiles(bundle, { entry, modules: ['src/features/auth/components/gone.tsx'], namespaces: [] }),
    ).toThrow(/no chunk holds src\/features\/auth\/components\/gone\.tsx/);
    expect(() => pageFiles(bundle, { entry, modules: [], namespaces: ['visits'] })).toThrow(/namespace visits/);
    expect(() => pageFiles(bundle, { entry: 'src/gone-main.tsx', modules: [], namespaces: [] })).toThrow(
      /no entry holds src\/gone-main\.tsx/,
    );
  });
});

describe('weighPages', () => {
  it('adds up the brotli copies the server sends, and gives the budget beside', () => {
    const page = {
      name: '/',
      entry: 'src/main.tsx',
      modules: ['src/app/routes/home-page.tsx'],
      namespaces: [],
      maxBytes: 1000,
    };
    const [weight] = weighPages(bundle, [page]);
    const expected = pageFiles(bundle, page)
      .map((f) => {
        const file = bundle[f]!;
        const text = file.type === 'chunk' ? (file as BuiltChunk).code : String((file as { source: string }).source);
        return brotliCompressSync(Buffer.from(text), { params: brotliParams(text.length) }).length;
      })
      .reduce((a, b) => a + b, 0);
    expect(weight).toMatchObject({ name: '/', bytes: expected, maxBytes: 1000 });
    expect(weight!.files.map((f) => f.fileName).sort()).toEqual(pageFiles(bundle, page));
    expect(weight!.files[0]!.bytes).toBeGreaterThanOrEqual(weight!.files.at(-1)!.bytes);
  });

  it('counts a file that brotli would not shrink at its own size', () => {
    expect(servedBytes('x')).toBe(1);
  });
});
