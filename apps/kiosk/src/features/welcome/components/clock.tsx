import type { KioskDateFormat } from '@app/shared/kiosks/schemas';
import { formatKioskDate, formatKioskTime } from '../../../lib/kiosk-display';
import { useNow } from '../../../lib/use-now';
import styles from './welcome.module.css';

/** The date in the kiosk's format and the time, in the company's time zone. */
export function Clock({ format, timeZone, lang }: { format: KioskDateFormat; timeZone: string; lang: string }) {
  const now = new Date(useNow(10_000));
  return (
    <p className={styles.clock}>
      <time className={styles.time} dateTime={now.toISOString()} data-testid="kiosk-time">
        {formatKioskTime(now, lang, timeZone)}
      </time>
      <span className={styles.date} data-testid="kiosk-date" dir="ltr">
        {formatKioskDate(now, format, timeZone)}
      </span>
    </p>
  );
}
