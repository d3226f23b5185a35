import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src/', import.meta.url));

export default defineConfig({
  // The web app's own alias, so its unit tests run from the root as well.
  resolve: { alias: [{ find: /^@\//, replacement: webSrc }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/web/build/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'e2e/tools/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: ['./test-setup/loud-console.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['./apps/server/test/helpers/global-setup.ts'],
          setupFiles: ['./test-setup/loud-console.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // On the embedded database each file opens a database of its own, so files need not each import
          // the whole server again: a worker imports it once (in CI the pass's import time fell from 413 s
          // to 60 s). On PostgreSQL files share the run's database and stay isolated: shared, a file's
          // module state (the access cache's notice listener among them) reached the files after it in the
          // worker (decision 036). A file whose planner must see only its own rows' statistics (the plan
          // tests) makes a database of its own from the run's template.
          isolate: Boolean(process.env.TEST_DATABASE_URL),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
