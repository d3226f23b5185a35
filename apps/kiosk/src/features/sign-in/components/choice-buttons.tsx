// One choice among a few, as large buttons a finger hits without aiming: a radio group to assistive
// technology, arrow keys move between the choices.
import { useId, type KeyboardEvent } from 'react';
import styles from '../sign-in.module.css';

export type Choice = { value: string; label: string };

export function ChoiceButtons({
  label,
  choices,
  value,
  onChange,
  testId,
}: {
  label: string;
  choices: Choice[];
  value: string | null;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const labelId = useId();
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    // Right-to-left pages read the horizontal arrows the other way round.
    const rtl = document.documentElement.dir === 'rtl' && event.key.startsWith('Arrow') && !/Up|Down/.test(event.key);
    const next = (index + (rtl ? -step : step) + choices.length) % choices.length;
    onChange(choices[next]!.value);
    const group = event.currentTarget.parentElement;
    (group?.children[next] as HTMLElement | undefined)?.focus();
  };
  const focusable = value ?? choices[0]?.value;
  return (
    <div className={styles.field}>
      <div id={labelId} className={styles.label}>
        {label}
      </div>
      <div role="radiogroup" aria-labelledby={labelId} className={styles.choices} data-testid={testId}>
        {choices.map((choice, index) => (
          <button
            key={choice.value}
            type="button"
            role="radio"
            aria-checked={value === choice.value}
            tabIndex={choice.value === focusable ? 0 : -1}
            className={styles.choice}
            onClick={() => onChange(choice.value)}
            onKeyDown={(event) => move(event, index)}
            data-value={choice.value}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </div>
  );
}
