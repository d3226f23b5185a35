// The catalogue files of one language (packages/shared/src/i18n/en), each a module loaded on demand. Only
// the language shown is fetched (lib/i18n.ts): it is built into that language's start-catalogue file
// (vite.config.ts), so the app's start file does not carry every language's list of files.
import type { Catalogue } from '@app/shared/i18n/translate';

/**
 * Keys read `./en/<file>.json`. The server's own texts stay out: its emails, and the integrations' run
 * and record messages, face sign-in's and watchlist screening's refusals and reasons, and the watchlist's
 * and the webhooks' own (their refusals, and their mail), the refusals of full places, and the refusals of uploaded files, which the server answers already translated; and the kiosk
 * app's own flow (kiosk-flow), which this app never shows.
 */
export const catalogueFiles = import.meta.glob<Catalogue>(
  [
    './en/*.json',
    '!./en/emails.json',
    '!./en/errors.integrations.json',
    '!./en/errors.faces.json',
    '!./en/errors.audit-log.json',
    '!./en/errors.watchlist-screening.json',
    '!./en/errors.watchlist.json',
    '!./en/errors.webhooks.json',
    '!./en/errors.capacity.json',
    '!./en/errors.uploads.json',
    '!./en/kiosk-flow.json',
  ],
  {
    base: '../../../../packages/shared/src/i18n',
    import: 'default',
  },
);
