import type { LayoutPrefs } from './schemas';

/**
 * What `layoutPrefsSchema` makes of nothing (default-layout.test.ts), written out in a module without
 * zod: the web app's shell reads it, and zod stays out of the files every signed-in page loads.
 */
export const DEFAULT_LAYOUT: LayoutPrefs = {
  mode: 'light',
  width: 'fluid',
  sidebar: 'light',
  topbar: 'dark',
  menuPinned: true,
};
