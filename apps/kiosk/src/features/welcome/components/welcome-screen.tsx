// The journey's welcome screen: the company's logo, the welcome message of the flow that greets
// walk-in visitors, the date and time in the kiosk's format, the big Sign in and Sign out buttons its
// sign in/out mode allows, and the announcements for everyone and for visitors.
import { useEffect, useRef } from 'react';
import type { KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import type { KioskSettings } from '@app/shared/kiosks/schemas';
import type { Translate } from '../../../lib/i18n';
import { welcomeOf } from '../../../lib/kiosk-display';
import { speak } from '../../../lib/speech';
import { volumeLevel } from '../../../lib/kiosk-display';
import { Announcements } from './announcements';
import { Clock } from './clock';
import styles from './welcome.module.css';

export type WelcomeScreenProps = {
  bundle: KioskJourneyBundle;
  settings: KioskSettings;
  logoUrl: string | null;
  lang: string;
  t: Translate;
  onSignIn: () => void;
  onSignOut: () => void;
};

export function WelcomeScreen({ bundle, settings, logoUrl, lang, t, onSignIn, onSignOut }: WelcomeScreenProps) {
  const welcome = welcomeOf({ ...bundle, kiosk: { ...bundle.kiosk, settings } });
  const message = welcome.message || t('welcome.fallback', { company: bundle.company.name });
  const hasJourney = bundle.journey !== null && bundle.flows.length > 0;

  // Verbal announcements are read aloud once each, when the flow speaks its messages.
  const spoken = useRef(new Set<string>());
  useEffect(() => {
    if (!welcome.speak) return;
    for (const a of welcome.announcements) {
      const key = `${a.id}:${lang}`;
      if (!a.verbal || spoken.current.has(key)) continue;
      if (speak(a.excerpt, lang, volumeLevel(settings.volume))) spoken.current.add(key);
    }
  }, [welcome.speak, welcome.announcements, lang, settings.volume]);

  return (
    <div className={styles.welcome} data-testid="kiosk-welcome">
      <header className={styles.top}>
        <div className={styles.brand}>
          {logoUrl && (
            <img
              className={styles.logo}
              src={logoUrl}
              alt={t('welcome.logo', { company: bundle.company.name })}
              data-testid="kiosk-logo"
            />
          )}
          <span className={styles.company} dir="auto">
            {bundle.company.name}
          </span>
        </div>
        <Clock format={settings.date_format} timeZone={bundle.company.timezone} lang={lang} />
      </header>
      <div className={welcome.announcements.length > 0 ? styles.bodyWithSide : styles.body}>
        <main className={styles.main}>
          <h1 className={styles.message} dir="auto" data-testid="kiosk-welcome-message">
            {message}
          </h1>
          {hasJourney ? (
            <nav className={styles.actions} aria-label={t('welcome.actions')}>
              {welcome.actions.signIn && (
                <button type="button" className={styles.signIn} onClick={onSignIn} data-testid="kiosk-sign-in-button">
                  {t('welcome.sign_in')}
                </button>
              )}
              {welcome.actions.signOut && (
                <button
                  type="button"
                  className={styles.signOut}
                  onClick={onSignOut}
                  data-testid="kiosk-sign-out-button"
                >
                  {t('welcome.sign_out')}
                </button>
              )}
            </nav>
          ) : (
            <p className={styles.notice} role="status" data-testid="kiosk-no-journey">
              {t('welcome.no_journey')}
            </p>
          )}
        </main>
        {welcome.announcements.length > 0 && (
          <Announcements announcements={welcome.announcements} t={t} lang={lang} volume={settings.volume} />
        )}
      </div>
    </div>
  );
}
