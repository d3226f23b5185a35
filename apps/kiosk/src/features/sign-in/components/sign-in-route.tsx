// The Sign in and Sign out pages of the kiosk: the flow (kiosk-sign-in.tsx) with its calls through the
// device endpoints, its words loaded with it, and the badge laid out for the print dialog.
import { useEffect, useMemo, useState } from 'react';
import type { KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import type { Badge } from '@app/shared/visits/schemas';
import type { DeviceApi } from '../../../lib/device-api';
import { useLanguage, type Language, type Translate } from '../../../lib/i18n';
import { formatKioskDate, formatKioskTime } from '../../../lib/kiosk-display';
import { kioskCalls } from '../api/kiosk-calls';
import { loadFlowCatalogues } from '../flow-catalogues';
import { FlowTextContext } from '../flow-text';
import { indexedQueueStore } from '../../../lib/offline-queue-store';
import styles from '../sign-in.module.css';
import { BadgeSheet } from './badge-sheet';
import { KioskSignIn } from './kiosk-sign-in';

export type SignInRouteProps = {
  action: 'sign_in' | 'sign_out';
  bundle: KioskJourneyBundle;
  api: DeviceApi;
  t: Translate;
  onExit: () => void;
};

export function SignInRoute({ action, bundle, api, t, onExit }: SignInRouteProps) {
  const { lang } = useLanguage();
  const [ready, setReady] = useState<Language | null>(null);
  const [badge, setBadge] = useState<Badge | null>(null);
  const calls = useMemo(() => kioskCalls(api, (item) => indexedQueueStore.add(item)), [api]);
  const settings = bundle.kiosk.settings;

  useEffect(() => {
    let live = true;
    // Without the rule messages the flow still runs (its keys show): never keep a person waiting.
    const done = () => live && setReady(lang);
    loadFlowCatalogues(lang).then(done, done);
    return () => {
      live = false;
    };
  }, [lang]);

  // The badge is in the page: open the tablet's print dialog for it.
  useEffect(() => {
    if (badge) window.print();
  }, [badge]);

  if (ready !== lang) return <p className={styles.hint}>{t('status.loading')}</p>;
  const signedIn = badge ? new Date() : null;
  return (
    <FlowTextContext.Provider value={t}>
      <KioskSignIn
        action={action}
        flows={bundle.flows}
        reading={{ unit: settings.temperature_unit, defaultTemperature: settings.default_temperature }}
        calls={calls}
        onBadge={setBadge}
        onExit={onExit}
      />
      {badge && signedIn && (
        <BadgeSheet
          badge={badge}
          photoSrc={null}
          logoSrc={null}
          dateTime={`${formatKioskDate(signedIn, settings.date_format, bundle.company.timezone)} ${formatKioskTime(signedIn, lang, bundle.company.timezone)}`}
        />
      )}
    </FlowTextContext.Provider>
  );
}
