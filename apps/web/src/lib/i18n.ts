// Translations: the catalogues under packages/shared/src/i18n/<lang>/<namespace>.json, the language
// kept under the localStorage key `language` (spec §4), and <html lang dir> set from it.
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/es';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '@app/shared/constants';
import { mergeCatalogues, namespaceOfFile, type Catalogue } from '@app/shared/i18n/translate';
import { api } from './api-client';
import { showPreloader } from './preloader';
import { getStoredUser } from './session';

// One bundle per language (lib/catalogues/<lang>.ts): a start loads the stored language and English,
// the fallback, never all three. Changing the language reloads the page, which loads the new one.
const catalogueBundles: Record<Language, () => Promise<{ files: Record<string, Catalogue> }>> = {
  en: () => import('./catalogues/en'),
  ar: () => import('./catalogues/ar'),
  es: () => import('./catalogues/es'),
};

/**
 * A language's catalogues by namespace, from its bundle's file paths (`…/i18n/<lang>/<namespace>.json`,
 * and `<namespace>.<feature>.json` parts merged into their namespace).
 */
export function byNamespace(files: Record<string, Catalogue>): Record<string, Catalogue> {
  const catalogues: Record<string, Catalogue> = {};
  for (const [file, catalogue] of Object.entries(files)) {
    const namespace = namespaceOfFile(file);
    if (namespace) catalogues[namespace] = mergeCatalogues(catalogues[namespace] ?? {}, catalogue);
  }
  return catalogues;
}

/** Languages in their own names, as the language menus list them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', es: 'Español' };

function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

function applyToDocument(lang: Language): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = i18next.dir(lang);
  dayjs.locale(lang);
}

/** Loads the catalogues the stored language needs and starts i18next; the app renders after it. */
export async function startI18n(): Promise<void> {
  const lang = storedLanguage();
  const languages = [...new Set<Language>([lang, DEFAULT_LANGUAGE])];
  const bundles = await Promise.all(languages.map((l) => catalogueBundles[l]()));
  const resources = Object.fromEntries(languages.map((l, i) => [l, byNamespace(bundles[i]!.files)]));
  await i18next.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  applyToDocument(currentLanguage());
}

export const i18n = i18next;

/**
 * Spec §4: shows the preloader, tells the server (when signed in), keeps the choice under `language`,
 * sets the direction (rtl for Arabic) and reloads, so every screen starts in the new language.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  showPreloader();
  if (getStoredUser()) {
    // A failure was already reported by the API client; the choice still applies in this browser.
    await api.put('/me/lang', { lang }).catch(() => undefined);
  }
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  applyToDocument(lang);
  window.location.reload();
}
