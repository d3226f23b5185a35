// ESLint 9 flat config. Correctness and architecture only: Prettier owns formatting.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const TS = ['**/*.ts', '**/*.tsx'];
const WEB_SRC = 'apps/web/src';
const KIOSK_SRC = 'apps/kiosk/src';
const PASSPORT_WEB_SRC = 'apps/passport/web/src';

/**
 * A browser app's rules (the kiosk, the passport's web app): browser globals, hook rules, no index files
 * but a feature's door, and features that import neither each other nor the app shell.
 */
function smallAppRules(name, src, commonPatterns) {
  const feature = `${name}-feature`;
  const shell = `${name}-app`;
  const common = `${name}-common`;
  return [
    {
      files: [`${src}/**/*.{ts,tsx}`],
      ...reactHooks.configs.flat.recommended,
      languageOptions: { globals: { ...globals.browser } },
    },
    {
      files: [`${src}/**/*.{ts,tsx}`],
      ignores: [`${src}/features/*/index.ts`],
      plugins: { 'check-file': checkFile },
      rules: { 'check-file/no-index': 'error' },
    },
    {
      files: [`${src}/**/*.{ts,tsx}`],
      plugins: { boundaries },
      settings: {
        'import/resolver': { [path.join(root, 'eslint.resolver.cjs')]: {} },
        'boundaries/root-path': root,
        'boundaries/elements': [
          { type: feature, pattern: `${src}/features/*`, capture: ['feature'] },
          { type: shell, pattern: `${src}/app` },
          ...commonPatterns.map((pattern) => ({ type: common, pattern })),
          { type: 'shared-package', pattern: 'packages/shared/src' },
        ],
      },
      rules: {
        'boundaries/dependencies': [
          'error',
          {
            default: 'allow',
            policies: [
              {
                from: { element: { type: feature } },
                disallow: { to: { element: { type: feature, captured: { feature: '!{{from.captured.feature}}' } } } },
                message:
                  'A feature may not import another feature ({{from.captured.feature}} → {{to.captured.feature}}): move the shared piece to src/lib.',
              },
              {
                from: { element: { type: feature } },
                disallow: { to: { element: { type: shell } } },
                message: 'A feature may not import src/app: the app shell composes features, not the reverse.',
              },
              {
                from: { element: { type: common } },
                disallow: { to: { element: { types: [feature, shell] } } },
                message: 'Shared code (src/lib, src/components) may not import features or src/app.',
              },
            ],
          },
        ],
      },
    },
  ];
}

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'data/**',
      '**/.data-*/**',
      '.tmp/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  js.configs.recommended,
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },

  // TypeScript everywhere, with type information (no-floating-promises needs it).
  {
    files: TS,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // Root config files belong to no workspace tsconfig: they get the e2e one (Node types, base options).
          allowDefaultProject: ['*.ts', 'test-setup/*.ts'],
          defaultProject: 'e2e/tsconfig.json',
        },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Async callbacks where a void one is expected are normal (Fastify hooks, React event handlers);
      // a promise nobody handles is still reported by no-floating-promises.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `type` over `interface`, except where only an interface works: augmenting a module's declarations.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSInterfaceDeclaration:not(TSModuleDeclaration TSInterfaceDeclaration)',
          message: 'Use a `type` alias; interfaces are only for augmenting a module (declare module).',
        },
      ],
      // TanStack Router's idiom: `throw redirect(...)` and `throw notFound()` in loaders and guards.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
      // Async functions without await are normal for Fastify plugins and handlers.
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // The shared package has no tsconfig of its own: the server's program includes it.
    files: ['packages/shared/src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: ['./apps/server/tsconfig.json'], tsconfigRootDir: root },
    },
  },
  {
    // Processes print on purpose: the server's start-up banner, scripts, CI helpers.
    files: ['apps/server/src/server.ts', 'e2e/**/*.ts', 'bench/**/*.ts', '*.config.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      // Tests read loosely-typed JSON bodies on purpose.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },

  // File and folder names: kebab-case (a middle extension such as .routes or .int.test is fine).
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'apps/*/src/**/': 'KEBAB_CASE', 'packages/*/src/**/': 'KEBAB_CASE' },
      ],
    },
  },

  // The web app: browser globals, hook rules, no barrel files, features that do not import each other.
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    plugins: { boundaries, 'check-file': checkFile },
    settings: {
      'import/resolver': { [path.join(root, 'eslint.resolver.cjs')]: {} },
      'boundaries/root-path': root,
      'boundaries/elements': [
        { type: 'web-feature', pattern: `${WEB_SRC}/features/*`, capture: ['feature'] },
        { type: 'web-app', pattern: `${WEB_SRC}/app` },
        {
          type: 'web-common',
          pattern: `${WEB_SRC}/{lib,components,config,hooks,types,styles,assets}`,
        },
        { type: 'shared-package', pattern: 'packages/shared/src' },
      ],
    },
    rules: {
      'check-file/no-index': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              // A feature uses only itself, the common folders and @app/shared; pages in src/app compose features.
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: { element: { type: 'web-feature', captured: { feature: '!{{from.captured.feature}}' } } },
              },
              message:
                'A feature may not import another feature ({{from.captured.feature}} → {{to.captured.feature}}): move the shared piece to src/lib or src/components.',
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-app' } } },
              message: 'A feature may not import src/app: pages in src/app compose features, not the reverse.',
            },
            {
              // Imports flow one way: common code never reaches into features or the app shell.
              from: { element: { type: 'web-common' } },
              disallow: { to: { element: { types: ['web-feature', 'web-app'] } } },
              message: 'src/lib, src/components, src/config and src/hooks may not import features or src/app.',
            },
          ],
        },
      ],
    },
  },
  // The kiosk app and the passport's web app: the web app's rules. A kiosk feature's index.ts is its one
  // door, which the app shell loads on demand (the sign-in flow); no other index files.
  ...smallAppRules('kiosk', KIOSK_SRC, [`${KIOSK_SRC}/lib`]),
  ...smallAppRules('passport', PASSPORT_WEB_SRC, [`${PASSPORT_WEB_SRC}/{lib,components}`]),
  {
    // The shared package is used by both apps and depends on neither.
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@app/server/**', '@app/web/**', '@/**'],
              message: 'packages/shared must not import an app.',
            },
          ],
        },
      ],
    },
  },
);
