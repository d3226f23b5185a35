import { defineConfig, type ReporterDescription } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_SHELL } from './e2e/tools/browser-path';

// Browser tests: Playwright's runner on the system's Chromium (never `playwright install`), against
// the built app that e2e/global-setup.ts starts on a free port with a fresh embedded database.

const CI = !!process.env.CI;

const reporter: ReporterDescription[] = [['list']];
if (CI) reporter.push(['line']);
// .ci/run sets PLAYWRIGHT_JSON_OUTPUT_FILE to count passed and failed tests.
if (process.env.PLAYWRIGHT_JSON_OUTPUT_FILE)
  reporter.push(['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: './test-results',
  // One server, one database: tests run one at a time and never retry (a flaky test is a bug).
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: CI,
  // A test's time limit is a safety net for a hang, not a speed target: on a CI machine busy with other
  // work, the long journeys took three times their quiet time, so the limits leave room for that.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    browserName: 'chromium',
    headless: true,
    // Set by global setup before the workers start; e2e/fixtures/test.ts falls back to the world file.
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    // A trace records every action's page and a film of the screen: it nearly doubled the tests' time, so
    // it is kept for a run that asks for it (E2E_TRACE=1 npx playwright test …) when a failure needs more
    // than the screenshot and the page's outline each failure keeps.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    locale: 'en-US',
    // As a person who asks for less motion: dialogs and lists open at once (the app respects it), so no
    // click lands on a dialog still moving into place, and no test waits for an animation.
    reducedMotion: 'reduce',
    timezoneId: 'UTC',
    launchOptions: {
      // Debian's headless shell (Playwright's own choice for headless Chromium): the same engine without
      // the browser's window and its GPU rasterisation, a fifth less time for the same tests (decision 039).
      executablePath: HEADLESS_SHELL,
      args: CHROMIUM_FLAGS,
    },
  },
});
