import { LANGUAGE_NAMES, LANGUAGES, type Language, type Translate } from '../lib/i18n';
import styles from './app.module.css';

/** The visitor's language choice: each language in its own words, always visible. */
export function LanguageChoice({
  lang,
  t,
  onChoose,
}: {
  lang: Language;
  t: Translate;
  onChoose: (l: Language) => void;
}) {
  return (
    <div role="group" aria-label={t('language.label')} className={styles.languages} data-testid="kiosk-languages">
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          className={styles.language}
          aria-pressed={l === lang}
          onClick={() => onChoose(l)}
          data-testid={`kiosk-language-${l}`}
        >
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
