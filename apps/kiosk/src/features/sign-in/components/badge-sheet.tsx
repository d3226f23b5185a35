// The visitor badge as the kiosk prints it (spec Print badge): laid out for a label in the print
// stylesheet, hidden on screen. The flow's checks decide what the server put in it; the kiosk prints
// what it was given. Pictures come as object URLs the kiosk fetched with its token.
import type { Badge } from '@app/shared/visits/schemas';
import styles from './badge-sheet.module.css';
import { useFlowText } from '../flow-text';

/** A custom field's value as the badge prints it: a list joined, a scalar as it is. */
export function fieldText(value: unknown): string {
  if (Array.isArray(value)) return value.map(fieldText).join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export function BadgeSheet({
  badge,
  photoSrc,
  logoSrc,
  dateTime,
}: {
  badge: Badge;
  photoSrc: string | null;
  logoSrc: string | null;
  /** The visit's start in the kiosk's date format. */
  dateTime: string;
}) {
  const t = useFlowText();
  const copies = Math.max(1, badge.copies);
  return (
    <div className={styles.sheet} data-testid="kiosk-badge" aria-hidden>
      {Array.from({ length: copies }, (_, copy) => (
        <article key={copy} className={styles.badge}>
          <header className={styles.head}>
            {logoSrc && badge.logo_url !== null && <img className={styles.logo} src={logoSrc} alt="" />}
            <span className={styles.label}>{t(`kiosk-flow:badge.${badge.label}`)}</span>
          </header>
          <div className={styles.body}>
            {photoSrc && badge.photo_url !== null && <img className={styles.photo} src={photoSrc} alt="" />}
            <div className={styles.who}>
              {badge.name && <div className={styles.name}>{badge.name}</div>}
              {badge.user_type && <div>{badge.user_type}</div>}
              {badge.host && <div>{t('kiosk-flow:badge.host', { host: badge.host })}</div>}
              {badge.temperature_c !== null && (
                <div>{t('kiosk-flow:badge.temperature', { value: badge.temperature_c })}</div>
              )}
              {badge.late_sign_in_reason && <div>{badge.late_sign_in_reason}</div>}
              {badge.early_sign_out_reason && <div>{badge.early_sign_out_reason}</div>}
              {badge.custom_fields.map((field) => (
                <div key={field.id}>
                  {field.name}: {fieldText(field.value)}
                </div>
              ))}
            </div>
            <img className={styles.qr} src={badge.qr_image} alt="" />
          </div>
          <footer className={styles.foot}>
            {badge.site} › {badge.area} · {dateTime}
          </footer>
        </article>
      ))}
    </div>
  );
}
