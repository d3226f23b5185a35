// "Are you Ada?": the kiosk recognised a face and asks, with the first name only, before anything is
// done in that person's name. Yes has the server match the face again; no goes back to the other ways.
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';

export function FaceConfirmScreen({
  firstName,
  busy,
  onYes,
  onNo,
}: {
  firstName: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const t = useFlowText();
  return (
    <section className={styles.done} aria-labelledby="kiosk-face-title" data-testid="kiosk-face-confirm">
      <h1 id="kiosk-face-title" className={styles.doneTitle}>
        {t('kiosk-flow:face.confirm_title', { name: firstName })}
      </h1>
      <p className={styles.hint}>{t('kiosk-flow:face.confirm_hint')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onNo} disabled={busy} data-testid="kiosk-face-no">
          {t('kiosk-flow:face.no')}
        </button>
        <button
          type="button"
          className={styles.primary}
          onClick={onYes}
          disabled={busy}
          aria-busy={busy}
          data-testid="kiosk-face-yes"
        >
          {t('kiosk-flow:face.yes')}
        </button>
      </div>
    </section>
  );
}
