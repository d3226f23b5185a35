// The catalogue files of one language (packages/shared/src/i18n/es), each a module loaded on demand. Only
// the language shown is fetched (lib/i18n.ts): it is built into that language's start-catalogue file
// (vite.config.ts), so the app's start file does not carry every language's list of files.
import type { Catalogue } from '@app/shared/i18n/translate';

/**
 * Keys read `./es/<file>.json`. The server's own texts stay out: its emails, and the integrations' run
 * and record messages, face sign-in's and watchlist screening's refusals and reasons, and the watchlist's
 * and the webhooks' own (their refusals, and their mail), the refusals of full places, and the refusals of uploaded files, which the server answers already translated; and the kiosk
 * app's own flow (kiosk-flow), which this app never shows.
 */
export const catalogueFiles = import.meta.glob<Catalogue>(
  [
    './es/*.json',
    '!./es/emails.json',
    '!./es/errors.integrations.json',
    '!./es/errors.faces.json',
    '!./es/errors.audit-log.json',
    '!./es/errors.watchlist-screening.json',
    '!./es/errors.watchlist.json',
    '!./es/errors.webhooks.json',
    '!./es/errors.capacity.json',
    '!./es/errors.uploads.json',
    '!./es/kiosk-flow.json',
  ],
  {
    base: '../../../../packages/shared/src/i18n',
    import: 'default',
  },
);
