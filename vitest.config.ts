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
          // On the embedded database each file opens a database of its own, so files need not each
          // import the whole server again: a worker imports it once (in CI the pass's import time fell
          // from 413 s to 60 s, the pass from 14.4 to 7.8 minutes). On PostgreSQL the files share one database and stay isolated: run
          // faster, they overlap differently, and the plan tests read the shared tables' statistics.
          isolate: Boolean(process.env.TEST_DATABASE_URL),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
