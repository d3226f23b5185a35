import { useNow } from '../../../lib/use-now';
import type { Translate } from '../../../lib/i18n';
import styles from './door-open-notice.module.css';

/** Shown while a door opened from the dashboard stays open. */
export function DoorOpenNotice({ door, t }: { door: { door: string | null; until: number }; t: Translate }) {
  const now = useNow(500);
  const seconds = Math.max(0, Math.ceil((door.until - now) / 1000));
  return (
    <div className={styles.notice} role="status" data-testid="kiosk-door-open">
      <strong>{door.door ? t('door.open_named', { door: door.door }) : t('door.open')}</strong>
      <span>{t('door.seconds', { seconds })}</span>
    </div>
  );
}
