import { defineConfig, type ReporterDescription } from '@playwright/test';

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
    trace: 'retain-on-failure',
    locale: 'en-US',
    timezoneId: 'UTC',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
