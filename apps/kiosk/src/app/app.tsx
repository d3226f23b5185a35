// The kiosk app: without a device token it sends the tablet to pairing; with one it runs the kiosk.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import {
  applyDocumentLanguage,
  hasLanguage,
  kioskLanguage,
  LanguageContext,
  loadLanguage,
  translatorFor,
  type Language,
} from '../lib/i18n';
import { pairingPageUrl, readDeviceToken, type DeviceToken } from '../lib/device-token';
import { dimOpacity } from '../lib/kiosk-display';
import { useIdle } from '../lib/use-idle';
import { useRoute } from '../lib/router';
import { WelcomeScreen } from '../features/welcome/components/welcome-screen';
import { DoorOpenNotice } from '../features/remote/components/door-open-notice';
import { APP_VERSION, useKioskRuntime } from './use-kiosk-runtime';
import { useOfflineReplay } from './use-offline-replay';
import { KioskInfo } from './kiosk-info';
import { LanguageChoice } from './language-choice';
import styles from './app.module.css';

const SignInRoute = lazy(() => import('../features/sign-in').then((m) => ({ default: m.SignInRoute })));

/** A visitor's language and the flows' pages go back to the kiosk's after this long without a touch. */
const IDLE_MS = 60_000;

export function App() {
  const [device] = useState(() => readDeviceToken());
  useEffect(() => {
    if (!device) location.replace(pairingPageUrl(APP_VERSION));
  }, [device]);
  if (!device) return null;
  return <Kiosk device={device} />;
}

/**
 * The language on screen: a visitor's choice for their visit, else the kiosk's own (its setting). The
 * catalogues of a language are fetched before it is shown.
 */
function useLanguageState(kioskLang: Language) {
  const [chosen, setChosen] = useState<Language | null>(null);
  const [, setLoaded] = useState(0);
  const wanted = chosen ?? kioskLang;
  const lang = hasLanguage(wanted) ? wanted : 'en';
  useEffect(() => {
    if (!hasLanguage(wanted)) void loadLanguage(wanted).then(() => setLoaded((n) => n + 1));
  }, [wanted]);
  useEffect(() => {
    applyDocumentLanguage(lang);
  }, [lang]);
  const choose = useCallback((next: Language | null) => setChosen(next), []);
  const t = useMemo(() => translatorFor(lang), [lang]);
  return { lang, t, choose, chosen };
}

function Kiosk({ device }: { device: DeviceToken }) {
  const runtime = useKioskRuntime(device);
  useOfflineReplay(runtime.api, runtime.reachable !== false);
  const kioskLang = runtime.settings?.language ?? kioskLanguage(navigator.languages ?? [navigator.language]);
  const { lang, t, choose, chosen } = useLanguageState(kioskLang);
  const language = useMemo(
    () => ({ lang, t, choose: (l: Language) => choose(l === kioskLang ? null : l) }),
    [lang, t, choose, kioskLang],
  );
  const [route, go] = useRoute();
  const [info, setInfo] = useState(false);

  useEffect(() => {
    document.title = t('app.name');
  }, [t]);

  const resting = route === 'welcome' && chosen === null && !info;
  useIdle(!resting, IDLE_MS, () => {
    setInfo(false);
    go('welcome');
    choose(null);
  });

  const { data, settings } = runtime;
  const offline = runtime.reachable === false;

  let content;
  if (runtime.expired) {
    content = (
      <div className={styles.centre} role="alert" data-testid="kiosk-offline-expired">
        <h1>{t('status.offline_expired', { hours: settings?.offline_hours ?? 24 })}</h1>
        <p>{t('status.offline_expired_detail')}</p>
      </div>
    );
  } else if (!data || !settings) {
    content = (
      <div className={styles.centre} role="status" data-testid="kiosk-loading">
        <p>{runtime.failed || offline ? t('status.no_data') : t('status.loading')}</p>
      </div>
    );
  } else if (route === 'welcome') {
    content = (
      <WelcomeScreen
        bundle={data.bundle}
        settings={settings}
        logoUrl={runtime.logoUrl}
        lang={lang}
        t={t}
        onSignIn={() => go('signIn')}
        onSignOut={() => go('signOut')}
      />
    );
  } else {
    content = (
      <Suspense fallback={<p className={styles.centre}>{t('status.loading')}</p>}>
        <SignInRoute
          action={route === 'signOut' ? 'sign_out' : 'sign_in'}
          bundle={data.bundle}
          settings={settings}
          api={runtime.api}
          faces={runtime.faces}
          online={!offline}
          onDoor={runtime.openDoor}
          logoUrl={runtime.logoUrl}
          t={t}
          onExit={() => go('welcome')}
        />
      </Suspense>
    );
  }

  return (
    <LanguageContext.Provider value={language}>
      <div
        className={styles.app}
        data-testid="kiosk-app"
        data-online={!offline}
        data-people-kept={runtime.people?.count ?? 0}
      >
        <div className={styles.content}>{content}</div>
        <footer className={styles.footer}>
          <LanguageChoice lang={lang} t={t} onChoose={language.choose} />
          {offline && (
            <p className={styles.offline} role="status" data-testid="kiosk-offline">
              <strong>{t('status.offline')}</strong>
              <span>{t('status.offline_detail')}</span>
            </p>
          )}
          <button
            type="button"
            className={styles.infoButton}
            onClick={() => setInfo(true)}
            data-testid="kiosk-info-open"
          >
            {t('info.open')}
          </button>
        </footer>
        {info && settings && (
          <KioskInfo
            device={device}
            settings={settings}
            savedAt={data?.fetched_at ?? null}
            people={runtime.people}
            lang={lang}
            kioskLang={kioskLang}
            t={t}
            onClose={() => setInfo(false)}
          />
        )}
        {runtime.door && <DoorOpenNotice door={runtime.door} t={t} />}
        {runtime.busy && (
          <div className={styles.busy} role="alert" data-testid="kiosk-busy">
            {t(runtime.busy === 'updating' ? 'status.updating' : 'status.restarting')}
          </div>
        )}
      </div>
      {/* The kiosk's brightness: a browser cannot dim the tablet's backlight, so the app dims itself. */}
      <div
        className={styles.dim}
        style={{ opacity: dimOpacity(settings?.brightness ?? 100) }}
        aria-hidden="true"
        data-testid="kiosk-dim"
      />
    </LanguageContext.Provider>
  );
}
