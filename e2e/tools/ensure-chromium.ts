// Before the browser tests: they drive Debian's Chromium headless shell (decision 039; Playwright's own
// browsers cannot be downloaded here). When it is missing, install it as .ci/run does if this user may
// (root, or sudo without a password), else stop at once with the one command to run.
//   node --import tsx e2e/tools/ensure-chromium.ts
// CHROMIUM_PATH and APT_GET name the browser and the installer (the tests point them elsewhere).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { HEADLESS_SHELL, HEADLESS_SHELL_PACKAGE } from './browser-path';

const chromium = process.env.CHROMIUM_PATH ?? HEADLESS_SHELL;
const aptGet = process.env.APT_GET ?? '/usr/bin/apt-get';
const PACKAGES = [HEADLESS_SHELL_PACKAGE, 'fonts-dejavu-core'];
const INSTALL = `sudo apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`;

/** How this user may run the installer: directly (root), through sudo without a password, or not at all. */
function installer(): string[] | null {
  if (!existsSync(aptGet)) return null;
  if (process.getuid?.() === 0) return [aptGet];
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? ['sudo', '-n', aptGet] : null;
}

function run(command: string[]): boolean {
  const [program, ...args] = command;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return spawnSync(program!, args, { stdio: 'inherit', env }).status === 0;
}

if (!existsSync(chromium)) {
  const apt = installer();
  if (apt) {
    console.log(`The browser tests need Chromium at ${chromium}: installing ${PACKAGES.join(', ')}…`);
    const installed = run([...apt, 'update']) && run([...apt, 'install', '-y', '--no-install-recommends', ...PACKAGES]);
    if (!installed || !existsSync(chromium)) {
      console.error(`Chromium could not be installed. Run: ${INSTALL}`);
      process.exit(1);
    }
  } else {
    console.error(
      `The browser tests need Debian's Chromium headless shell at ${chromium}. Run: ${INSTALL}\n` +
        '(or SKIP_BROWSER_TESTS=1 npm test for every other test)',
    );
    process.exit(1);
  }
}
