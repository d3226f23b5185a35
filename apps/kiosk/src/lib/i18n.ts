// The kiosk's words: its own catalogue (`kiosk`) and its sign-in flow's (`kiosk-flow`), in English,
// Arabic and Spanish, through the same `namespace:key` and `{{var}}` rules as the server's translator.
// English comes with the app; Arabic and Spanish are fetched (and kept by the service worker) when a
// kiosk or a visitor chooses them.
import { createContext, useContext } from 'react';
import { LANGUAGES, RTL_LANGUAGES, type Language } from '@app/shared/constants';
import { translate, type Catalogue, type Resources } from '@app/shared/i18n/translate';
import enKiosk from '../../../../packages/shared/src/i18n/en/kiosk.json';
import enFlow from '../../../../packages/shared/src/i18n/en/kiosk-flow.json';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;
export type { Language };
export { LANGUAGES };

/** Each language in its own words, for the language choice. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', es: 'Español' };

const resources: Partial<Resources> = { en: { kiosk: enKiosk, 'kiosk-flow': enFlow } };

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Record<string, Catalogue>>> = {
  ar: async () => {
    const [kiosk, flow] = await Promise.all([
      import('../../../../packages/shared/src/i18n/ar/kiosk.json'),
      import('../../../../packages/shared/src/i18n/ar/kiosk-flow.json'),
    ]);
    return { kiosk: kiosk.default, 'kiosk-flow': flow.default };
  },
  es: async () => {
    const [kiosk, flow] = await Promise.all([
      import('../../../../packages/shared/src/i18n/es/kiosk.json'),
      import('../../../../packages/shared/src/i18n/es/kiosk-flow.json'),
    ]);
    return { kiosk: kiosk.default, 'kiosk-flow': flow.default };
  },
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The catalogues of a language, fetched once; English is always there. */
export async function loadLanguage(lang: Language): Promise<void> {
  if (resources[lang] || lang === 'en') return;
  resources[lang] = await loaders[lang]();
}

export const hasLanguage = (lang: Language) => resources[lang] !== undefined;

/**
 * Adds the catalogues a part of the app loads when it opens (the sign-in flow's rule messages) to a
 * language already loaded; translators made for it see them at once.
 */
export async function addCatalogues(lang: Language, catalogues: Record<string, Catalogue>): Promise<void> {
  await loadLanguage(lang);
  Object.assign(resources[lang]!, catalogues);
}

/** A translator for `lang`; until its catalogues are loaded it speaks English. */
export function translatorFor(lang: Language): Translate {
  const all = { en: resources.en!, ar: resources.ar ?? {}, es: resources.es ?? {} };
  return (key, vars) => translate(all, lang, key.includes(':') ? key : `kiosk:${key}`, vars);
}

export const isRightToLeft = (lang: Language) => RTL_LANGUAGES.includes(lang);

/** The document speaks the language: `<html lang dir>`. */
export function applyDocumentLanguage(lang: Language, doc: Document = document) {
  doc.documentElement.lang = lang;
  doc.documentElement.dir = isRightToLeft(lang) ? 'rtl' : 'ltr';
}

/**
 * The language before the kiosk's setting is known (its first start, with no data yet): the tablet
 * browser's first language the product speaks, else English.
 */
export function kioskLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export type LanguageState = { lang: Language; t: Translate; choose: (lang: Language) => void };

export const LanguageContext = createContext<LanguageState | null>(null);

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('LanguageContext is missing');
  return state;
}
