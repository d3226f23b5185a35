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
    // Up and down go back and forth; the horizontal arrows follow the reading direction (inline start
    // and end), so in Arabic the arrow towards the start goes back.
    const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    const step =
      event.key === 'ArrowDown' || event.key === forward
        ? 1
        : event.key === 'ArrowUp' || event.key === backward
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + choices.length) % choices.length;
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
