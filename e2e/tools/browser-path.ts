/** The browser the tests drive: Debian's Chromium headless shell (decision 039), and its package. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const HEADLESS_SHELL_PACKAGE = 'chromium-headless-shell';

/** How Chromium is launched for tests and the bench (DESIGN): headless, no sandbox, nothing in the background. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
