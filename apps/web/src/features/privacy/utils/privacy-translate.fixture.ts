// The privacy manager's English texts for unit tests, with the error catalogue its forms use, so a
// test reads the sentence the page shows rather than a key.
import { readFileSync } from 'node:fs';
import { serverResources } from '@app/shared/i18n/server-resources';
import { translate, type Catalogue, type Resources } from '@app/shared/i18n/translate';

const file = new URL('../../../../../../packages/shared/src/i18n/en/privacy.json', import.meta.url);
const privacy = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
const resources: Resources = { ...serverResources, en: { ...serverResources.en, privacy } };

/** A bare key is the privacy namespace's, as in the page's `useTranslation('privacy')`. */
export const tPrivacy = (key: string, vars?: Record<string, string | number>) =>
  translate(resources, 'en', key.includes(':') ? key : `privacy:${key}`, vars);
