// The confirmation after signing in or out (spec: the flow's welcome and goodbye messages, shown for
// its confirmation seconds, "ask for a rating" on signing out). The person's first name is put in for
// {name}; the kiosk is ready for the next person when the time is up or the person taps Done.
import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/i18n';
import { volumeLevel } from '../../../lib/kiosk-display';
import { speak, stopSpeaking } from '../../../lib/speech';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { ScoreButtons } from './field-input';

/** How long a rating is waited for, at least. */
const RATING_SECONDS = 15;

export type Done = {
  action: 'sign_in' | 'sign_out' | 'check_in';
  firstName: string;
  /** The flow's message, as the admin wrote it; empty for the kiosk's own words. */
  message: string;
  seconds: number;
  askRating: boolean;
  /** Queued on the tablet: the server hears of it when the network is back. */
  offline: boolean;
  /** The flow's "speak messages": the message is read aloud too. */
  speak: boolean;
};

/** The flow's message with the person's name put in, or the kiosk's own words when there is none. */
export function doneMessage(done: Done, fallback: string): string {
  const text = done.message.trim() === '' ? fallback : done.message;
  return text.replaceAll('{name}', done.firstName);
}

export function DoneScreen({
  done,
  volume,
  onRate,
  onFinished,
}: {
  done: Done;
  /** The kiosk's volume (0-100), for the spoken message. */
  volume: number;
  /** Where a rating goes; without it none is asked. */
  onRate: ((score: number) => void) | null;
  onFinished: () => void;
}) {
  const t = useFlowText();
  const rating = onRate !== null && done.askRating && done.action === 'sign_out';
  // While a rating is asked and not given, the countdown waits a little longer for it.
  const [secondsLeft, setSecondsLeft] = useState(rating ? Math.max(done.seconds, RATING_SECONDS) : done.seconds);
  const [rated, setRated] = useState<number | null>(null);
  useEffect(() => {
    if (secondsLeft <= 0) {
      onFinished();
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, onFinished]);
  const fallback = t(`kiosk-flow:done.${done.action}`, { name: done.firstName });
  const { lang } = useLanguage();
  const message = doneMessage(done, fallback);
  // Said once, when the screen shows; a person who taps Done stops it.
  const said = useRef(false);
  useEffect(() => {
    if (!done.speak || said.current) return;
    said.current = true;
    speak(message, lang, volumeLevel(volume));
  }, [done.speak, message, lang, volume]);
  useEffect(() => () => stopSpeaking(), []);
  return (
    <section className={styles.done} aria-live="assertive" data-testid="kiosk-done" data-action={done.action}>
      <div className={styles.doneMark} aria-hidden>
        ✓
      </div>
      <h1 className={styles.doneTitle} data-testid="kiosk-done-message">
        {message}
      </h1>
      {done.offline && (
        <p className={styles.hint} data-testid="kiosk-done-offline">
          {t('kiosk-flow:done.offline')}
        </p>
      )}
      {rating &&
        (rated === null ? (
          <ScoreButtons
            label={t('kiosk-flow:done.rate')}
            max={5}
            value={0}
            kind="stars"
            onChange={(score) => {
              setRated(score);
              setSecondsLeft(done.seconds);
              onRate?.(score);
            }}
            testId="kiosk-rating"
          />
        ) : (
          <p className={styles.hint}>{t('kiosk-flow:done.thanks')}</p>
        ))}
      <button type="button" className={styles.primary} onClick={onFinished} data-testid="kiosk-done-close">
        {t('kiosk-flow:done.close', { seconds: Math.max(0, secondsLeft) })}
      </button>
    </section>
  );
}
