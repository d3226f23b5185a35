// Every catalogue of one language, bundled together so a start loads one file per language it needs.
import type { Catalogue } from '@app/shared/i18n/translate';

export const files = import.meta.glob<Catalogue>(
  ['../../../../../packages/shared/src/i18n/es/*.json', '!../../../../../packages/shared/src/i18n/es/emails.json'],
  { eager: true, import: 'default' },
);
