// Translations: the catalogues under packages/shared/src/i18n/<lang>/<namespace>.json, the language
// kept under the localStorage key `language` (spec §4), and <html lang dir> set from it.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '@app/shared/constants';
import { namespaceOfFile, type Catalogue } from '@app/shared/i18n/translate';
import { api } from './api-client';
import { START_NAMESPACES } from './start-namespaces';
import { showPreloader } from './preloader';
import { getStoredUser } from './session';

export type CatalogueLoader = () => Promise<Catalogue>;

// Every catalogue file is a module of its own: a page loads the namespaces it shows, in the language
// it shows them in. Every language has every key (packages/shared/src/i18n/catalogues.test.ts), so
// English, the fallback, is never loaded for another language. Each language's list of files is a
// module of its own too, fetched with that language's start catalogues: the start file holds none.
const catalogueFilesOf: Record<Language, () => Promise<Record<string, CatalogueLoader>>> = {
  en: () => import('./catalogues-en').then((m) => m.catalogueFiles),
  ar: () => import('./catalogues-ar').then((m) => m.catalogueFiles),
  es: () => import('./catalogues-es').then((m) => m.catalogueFiles),
};

/** The files of each namespace in one language: `<namespace>.json` and its parts (`errors.<feature>.json`). */
export function cataloguePlan(files: Record<string, CatalogueLoader>, lang: string): Map<string, CatalogueLoader[]> {
  const plan = new Map<string, CatalogueLoader[]>();
  for (const [path, load] of Object.entries(files)) {
    const match = /([\w-]+)\/([\w.-]+\.json)$/.exec(path);
    const namespace = match && match[1] === lang ? namespaceOfFile(match[2]!) : undefined;
    if (namespace) plan.set(namespace, [...(plan.get(namespace) ?? []), load]);
  }
  return plan;
}

let plan = new Map<string, CatalogueLoader[]>();
const loading = new Map<string, Promise<void>>();

/** Loads the namespaces not loaded yet, in the current language; each is loaded once. */
export function loadCatalogues(namespaces: readonly string[]): Promise<void> {
  const lang = currentLanguage();
  return Promise.all(
    namespaces.map((namespace) => {
      let pending = loading.get(namespace);
      if (!pending) {
        pending = Promise.all((plan.get(namespace) ?? []).map((load) => load())).then((parts) => {
          // Parts of a namespace merge key by key (their nested groups, like `fields`, too).
          for (const part of parts) i18next.addResourceBundle(lang, namespace, part, true, true);
        });
        // A failed load (a dropped connection) is tried again by the next page that needs it.
        pending.catch(() => loading.delete(namespace));
        loading.set(namespace, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

// dayjs (the date pickers' month and day names) in the language shown. English is its default, so
// the English pages load no dayjs before they show; the others load it with their locale.
const dayjsLocales: Record<Language, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  ar: () =>
    Promise.all([import('dayjs'), import('dayjs/locale/ar')]).then(([{ default: dayjs }]) => dayjs.locale('ar')),
  es: () =>
    Promise.all([import('dayjs'), import('dayjs/locale/es')]).then(([{ default: dayjs }]) => dayjs.locale('es')),
};

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
}

/** Starts i18next with the stored language and loads what every page shows; the app renders after it. */
export async function startI18n(): Promise<void> {
  const lang = storedLanguage();
  const files = catalogueFilesOf[lang]();
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  applyToDocument(lang);
  plan = cataloguePlan(await files, lang);
  await Promise.all([loadCatalogues(START_NAMESPACES), dayjsLocales[lang]()]);
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
