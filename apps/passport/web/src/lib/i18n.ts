// The passport's words: the `passport` namespace (packages/shared/src/i18n/<lang>/passport.json) in English,
// Arabic and Spanish. English comes with the app; the others are fetched when chosen. The choice is kept
// in this browser (localStorage `language`); without one, the browser's own languages decide.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  RTL_LANGUAGES,
  isLanguage,
  type Language,
} from '@app/shared/constants';
import en from '../../../../../packages/shared/src/i18n/en/passport.json';

export type { Language };
export { LANGUAGES, isLanguage };

export const NAMESPACE = 'passport';

/** Each language in its own words, as the language menu lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', es: 'Español' };

type Catalogue = typeof en;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  ar: () => import('../../../../../packages/shared/src/i18n/ar/passport.json').then((m) => m.default),
  es: () => import('../../../../../packages/shared/src/i18n/es/passport.json').then((m) => m.default),
};

/** The stored choice, else the first of the browser's languages the passport speaks, else English. */
export function pickLanguage(stored: string | null | undefined, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

export const isRightToLeft = (lang: Language) => RTL_LANGUAGES.includes(lang);

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Whether the person chose a language in this browser (then their account's language does not override it). */
export const hasStoredLanguage = () => isLanguage(readStored());

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** The document speaks the language: `<html lang dir>`. */
function applyToDocument(lang: Language): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = isRightToLeft(lang) ? 'rtl' : 'ltr';
}

async function ensureLoaded(lang: Language): Promise<void> {
  if (lang === 'en' || i18next.hasResourceBundle(lang, NAMESPACE)) return;
  i18next.addResourceBundle(lang, NAMESPACE, await loaders[lang]());
}

/** Starts i18next in the chosen language; the app renders after it. */
export async function startI18n(): Promise<void> {
  const lang = pickLanguage(readStored(), navigator.languages ?? [navigator.language]);
  await i18next.use(initReactI18next).init({
    resources: { en: { [NAMESPACE]: en } },
    lng: 'en',
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    interpolation: { escapeValue: false },
  });
  // A failed fetch of another language leaves the app in English rather than not starting.
  await changeLanguage(lang, { remember: false }).catch(() => applyToDocument('en'));
}

/**
 * Shows the app in `lang` at once (direction included: the app listens to i18next's languageChanged).
 * `remember: false` for a language the person did not choose here (the browser's, their account's).
 */
export async function changeLanguage(lang: Language, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
  applyToDocument(lang);
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      // A browser that keeps nothing still shows the language for this visit.
    }
  }
}

export const i18n = i18next;
