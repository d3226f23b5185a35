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
            'apps/passport/web/src/**/*.test.{ts,tsx}',
            'apps/passport/server/**/*.test.ts',
            'apps/web/build/*.test.ts',
            'apps/kiosk/build/*.test.ts',
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
          include: ['apps/server/test/**/*.int.test.ts', 'apps/passport/server/test/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['./apps/server/test/helpers/global-setup.ts'],
          setupFiles: ['./test-setup/loud-console.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // Files need not each import the whole server again: a worker imports it once (in CI the embedded
          // pass's import time fell from 413 s to 60 s, the PostgreSQL pass's from 362 s). So every file leaves
          // module state as it found it (spies restored, patched prototypes put back, listeners stopped); on
          // PostgreSQL files share the run's database, and a file whose planner must see only its own rows'
          // statistics (the plan tests) makes a database of its own from the run's template. TEST_ISOLATE=1
          // runs each file in a fresh module graph, to tell a leak between files from a failure of the file.
          isolate: Boolean(process.env.TEST_ISOLATE),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
