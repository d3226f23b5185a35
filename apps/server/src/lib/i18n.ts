import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/shared/constants';
import { serverResources } from '@app/shared/i18n/server-resources';
import { labelVars } from '@app/shared/http/field-messages';
import { translate } from '@app/shared/i18n/translate';

export const t = (lang: Language, key: string, vars?: Record<string, string | number>) =>
  translate(serverResources, lang, key, vars);

/**
 * A field's label (`errors:fields.<name>`) as a message's `field`, with its gender as the message's
 * `context`, so the sentence agrees with it in the caller's language.
 */
export const fieldVars = (lang: Language, name: string) => labelVars(`errors:fields.${name}`, (key) => t(lang, key));

/** The caller's language: explicit header, then the person's saved language, then Accept-Language. */
export function pickLanguage(headers: Record<string, string | string[] | undefined>, saved?: string | null): Language {
  const explicit = headers['x-lang'];
  if (typeof explicit === 'string' && isLanguage(explicit)) return explicit;
  if (saved && isLanguage(saved)) return saved;
  const accept = headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const code = part.trim().slice(0, 2).toLowerCase();
      if (isLanguage(code)) return code;
    }
  }
  return DEFAULT_LANGUAGE;
}
