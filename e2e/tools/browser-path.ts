/** The browser the tests drive: Debian's Chromium headless shell (decision 039), and its package. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const HEADLESS_SHELL_PACKAGE = 'chromium-headless-shell';
