// The catalogue files of one language (packages/shared/src/i18n/ar), each a module loaded on demand. Only
// the language shown is fetched (lib/i18n.ts): it is built into that language's start-catalogue file
// (vite.config.ts), so the app's start file does not carry every language's list of files.
import type { Catalogue } from '@app/shared/i18n/translate';

/**
 * Keys read `./ar/<file>.json`. The server's own texts stay out: its emails, and the integrations' run
 * and record messages, face sign-in's and watchlist screening's refusals and reasons, and the watchlist's
 * and the webhooks' own (their refusals, and their mail), the refusals of full places, and the refusals of uploaded files, which the server answers already translated; and the kiosk
 * app's own flow (kiosk-flow), which this app never shows.
 */
export const catalogueFiles = import.meta.glob<Catalogue>(
  [
    './ar/*.json',
    '!./ar/emails.json',
    '!./ar/errors.integrations.json',
    '!./ar/errors.faces.json',
    '!./ar/errors.audit-log.json',
    '!./ar/errors.watchlist-screening.json',
    '!./ar/errors.watchlist.json',
    '!./ar/errors.webhooks.json',
    '!./ar/errors.capacity.json',
    '!./ar/errors.uploads.json',
    '!./ar/kiosk-flow.json',
  ],
  {
    base: '../../../../packages/shared/src/i18n',
    import: 'default',
  },
);
