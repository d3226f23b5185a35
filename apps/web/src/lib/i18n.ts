// Translations: every catalogue under packages/shared/src/i18n/<lang>/<namespace>.json, the language
// kept under the localStorage key `language` (spec §4), and <html lang dir> set from it.
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/es';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '@app/shared/constants';
import type { Catalogue } from '@app/shared/i18n/translate';
import { api } from './api-client';
import { showPreloader } from './preloader';
import { getStoredUser } from './session';

const catalogueFiles = import.meta.glob<Catalogue>(
  ['../../../../packages/shared/src/i18n/*/*.json', '!../../../../packages/shared/src/i18n/*/emails.json'],
  { eager: true, import: 'default' },
);

function buildResources(): Record<string, Record<string, Catalogue>> {
  const resources: Record<string, Record<string, Catalogue>> = {};
  for (const [file, catalogue] of Object.entries(catalogueFiles)) {
    const match = /\/i18n\/([a-z]+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang, namespace] = match as unknown as [string, string, string];
    (resources[lang] ??= {})[namespace] = catalogue;
  }
  return resources;
}

const resources = buildResources();

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

void i18next.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyToDocument(currentLanguage());

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
