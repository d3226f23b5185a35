// The English catalogue's error messages for unit tests of form checks: what the page would show, so
// a test reads the sentence (and the field it names) rather than a key.
import { serverResources } from '@app/shared/i18n/server-resources';
import { translate } from '@app/shared/i18n/translate';

export const tEnglish = (key: string, vars?: Record<string, string | number>) =>
  translate(serverResources, 'en', key, vars);
