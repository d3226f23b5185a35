// The Sign in and Sign out pages of the kiosk: the flow (kiosk-sign-in.tsx) with its calls through the
// device endpoints, its words loaded with it, and the badge laid out for the print dialog.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import type { KioskSettings } from '@app/shared/kiosks/schemas';
import type { DeviceApi } from '../../../lib/device-api';
import type { FaceLibrary } from '../../../lib/face-library';
import { useLanguage, type Language, type Translate } from '../../../lib/i18n';
import { formatKioskDate, formatKioskTime } from '../../../lib/kiosk-display';
import type { PrintableBadge } from '../calls';
import { kioskCalls } from '../api/kiosk-calls';
import { offlineAnswers } from '../api/offline-answers';
import { loadFlowCatalogues } from '../flow-catalogues';
import { FlowTextContext } from '../flow-text';
import { indexedQueueStore } from '../../../lib/offline-queue-store';
import styles from '../sign-in.module.css';
import { BadgeSheet } from './badge-sheet';
import { KioskSignIn } from './kiosk-sign-in';

export type SignInRouteProps = {
  action: 'sign_in' | 'sign_out';
  bundle: KioskJourneyBundle;
  /** The kiosk's settings now (changed live from the dashboard). */
  settings: KioskSettings;
  api: DeviceApi;
  /** The face library the kiosk keeps in memory (empty while the company has face sign-in off). */
  faces: FaceLibrary;
  online: boolean;
  /** Shows the door open (the flow opens it on signing in, by the kiosk's relay mode). */
  onDoor: (seconds: number) => void;
  /** The journey's or company's logo for the badge, as an object URL. */
  logoUrl: string | null;
  t: Translate;
  onExit: () => void;
};

type Printing = { badge: PrintableBadge['badge']; photoUrl: string | null; at: Date };

export function SignInRoute({
  action,
  bundle,
  settings,
  api,
  faces,
  online,
  onDoor,
  logoUrl,
  t,
  onExit,
}: SignInRouteProps) {
  const { lang } = useLanguage();
  const [ready, setReady] = useState<Language | null>(null);
  const [printing, setPrinting] = useState<Printing | null>(null);
  const calls = useMemo(
    () => kioskCalls(api, (item) => indexedQueueStore.add(item), offlineAnswers(bundle)),
    [api, bundle],
  );

  useEffect(() => {
    let live = true;
    // Without the rule messages the flow still runs (its keys show): never keep a person waiting.
    const done = () => live && setReady(lang);
    loadFlowCatalogues(lang).then(done, done);
    return () => {
      live = false;
    };
  }, [lang]);

  // The badge is in the page with its pictures loaded: open the tablet's print dialog for it.
  useEffect(() => {
    if (!printing) return;
    let live = true;
    const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid="kiosk-badge"] img')];
    void Promise.all(images.map((img) => img.decode().catch(() => undefined))).then(() => live && window.print());
    return () => {
      live = false;
      if (printing.photoUrl) URL.revokeObjectURL(printing.photoUrl);
    };
  }, [printing]);
  const print = useCallback((printable: PrintableBadge) => {
    setPrinting({
      badge: printable.badge,
      photoUrl: printable.photo ? URL.createObjectURL(printable.photo) : null,
      at: new Date(),
    });
  }, []);

  if (ready !== lang) return <p className={styles.hint}>{t('status.loading')}</p>;
  return (
    <FlowTextContext.Provider value={t}>
      <KioskSignIn
        action={action}
        flows={bundle.flows}
        reading={{ unit: settings.temperature_unit, defaultTemperature: settings.default_temperature }}
        calls={calls}
        faces={faces.current()}
        online={online}
        doorRelay={settings.door_relay}
        volume={settings.volume}
        onDoor={onDoor}
        onBadge={print}
        onExit={onExit}
      />
      {printing && (
        <BadgeSheet
          badge={printing.badge}
          photoSrc={printing.photoUrl}
          logoSrc={logoUrl}
          dateTime={`${formatKioskDate(printing.at, settings.date_format, bundle.company.timezone)} ${formatKioskTime(printing.at, lang, bundle.company.timezone)}`}
        />
      )}
    </FlowTextContext.Provider>
  );
}
