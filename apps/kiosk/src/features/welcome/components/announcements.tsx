import type { KioskAnnouncement } from '@app/shared/kiosks/device-data';
import type { Translate } from '../../../lib/i18n';
import { volumeLevel } from '../../../lib/kiosk-display';
import { speak } from '../../../lib/speech';
import styles from './welcome.module.css';

/** The announcements, urgent ones first (the server's order); a verbal one can be heard again. */
export function Announcements({
  announcements,
  t,
  lang,
  volume,
}: {
  announcements: KioskAnnouncement[];
  t: Translate;
  lang: string;
  volume: number;
}) {
  return (
    <aside className={styles.side} aria-labelledby="kiosk-announcements-title">
      <h2 id="kiosk-announcements-title" className={styles.sideTitle}>
        {t('welcome.announcements')}
      </h2>
      <ul className={styles.announcements} data-testid="kiosk-announcements">
        {announcements.map((a) => (
          <li
            key={a.id}
            className={a.urgent ? styles.urgent : styles.announcement}
            data-testid="kiosk-announcement"
            data-urgent={a.urgent}
          >
            {(a.urgent || a.pinned) && (
              <p className={styles.tags}>
                {a.urgent && <span className={styles.urgentTag}>{t('welcome.urgent')}</span>}
                {a.pinned && <span className={styles.pinnedTag}>{t('welcome.pinned')}</span>}
              </p>
            )}
            {/* Sanitised by the server when the announcement was saved (modules/announcements/sanitize.ts). */}
            <div className={styles.announcementText} dir="auto" dangerouslySetInnerHTML={{ __html: a.text }} />
            {a.verbal && (
              <button
                type="button"
                className={styles.speak}
                onClick={() => speak(a.excerpt, lang, volumeLevel(volume))}
              >
                {t('welcome.read_aloud')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}
