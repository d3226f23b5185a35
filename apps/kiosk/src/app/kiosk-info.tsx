// About this kiosk: where it stands and the settings it runs with, said plainly, including what a web
// app can and cannot do with the tablet (brightness, volume).
import { useEffect, useRef } from 'react';
import type { KioskSettings } from '@app/shared/kiosks/schemas';
import type { PeopleMeta } from '../lib/data-cache';
import type { DeviceToken } from '../lib/device-token';
import { LANGUAGE_NAMES, type Language, type Translate } from '../lib/i18n';
import { formatKioskDate, formatKioskTime } from '../lib/kiosk-display';
import { APP_VERSION } from './use-kiosk-runtime';
import styles from './app.module.css';

export function KioskInfo({
  device,
  settings,
  savedAt,
  people,
  lang,
  kioskLang,
  t,
  onClose,
}: {
  device: DeviceToken;
  settings: KioskSettings;
  savedAt: string | null;
  people: PeopleMeta | null;
  lang: Language;
  kioskLang: Language;
  t: Translate;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  const place = [device.registration.company_name, device.registration.site_name, device.registration.area_name]
    .filter(Boolean)
    .join(' › ');
  const saved = savedAt ? new Date(savedAt) : null;
  const rows: [string, string, string?][] = [
    [t('info.kiosk'), device.registration.name],
    [t('info.place'), place],
    [t('info.version'), APP_VERSION],
    [t('info.language'), LANGUAGE_NAMES[kioskLang]],
    [t('info.sign_mode'), t(`sign_mode.${settings.sign_mode}`)],
    [t('info.date_format'), settings.date_format],
    [
      t('info.temperature'),
      t('info.temperature_value', { value: settings.default_temperature, unit: settings.temperature_unit }),
    ],
    [t('info.offline_window'), t('info.offline_hours', { hours: settings.offline_hours })],
    [
      t('info.people_kept'),
      people
        ? t('info.people_kept_value', {
            count: people.count,
            time: `${formatKioskDate(new Date(people.fetched_at), settings.date_format)} ${formatKioskTime(new Date(people.fetched_at), lang)}`,
          })
        : t('info.people_none'),
    ],
    [t('info.brightness'), `${settings.brightness} %`, t('info.brightness_note', { value: settings.brightness })],
    [t('info.volume'), `${settings.volume} %`, t('info.volume_note', { value: settings.volume })],
  ];
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="kiosk-info-title"
      onClose={onClose}
      data-testid="kiosk-info"
    >
      <h2 id="kiosk-info-title">{t('info.title')}</h2>
      <dl className={styles.infoList}>
        {rows.map(([label, value, note]) => (
          <div key={label} className={styles.infoRow}>
            <dt>{label}</dt>
            <dd>
              {value}
              {note && (
                <span className={styles.infoNote} data-testid="kiosk-info-note">
                  {note}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {saved && (
        <p className={styles.infoNote}>
          {t('info.saved_at', {
            time: `${formatKioskDate(saved, settings.date_format)} ${formatKioskTime(saved, lang)}`,
          })}
        </p>
      )}
      <button type="button" className={styles.closeButton} onClick={() => dialog.current?.close()} autoFocus>
        {t('info.close')}
      </button>
    </dialog>
  );
}
