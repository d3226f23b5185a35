// One custom field at the kiosk, whatever its type (spec §3's eleven), with touch-sized inputs: text,
// long text, number, date, toggle, radio buttons, checkboxes and labels as buttons, and the scores
// (rating scale, stars, smileys) as one button per score.
import { CUSTOM_FIELD_LIMITS, scoreMax, type CustomField } from '@app/shared/custom-fields/schemas';
import { asList, asScore, type CustomFieldValue } from '@app/shared/custom-fields/field-values';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { ChoiceButtons } from './choice-buttons';

type Field = Pick<CustomField, 'id' | 'name' | 'type' | 'options' | 'required'>;

const SMILEYS = ['😣', '🙁', '😐', '🙂', '😀'];

/** The face of a score on a smiley scale of `max`: the five faces spread over the scale. */
export const smileyOf = (score: number, max: number) =>
  SMILEYS[Math.round(((score - 1) / Math.max(1, max - 1)) * (SMILEYS.length - 1))]!;

export function ScoreButtons({
  label,
  max,
  value,
  onChange,
  kind,
  testId,
}: {
  label: string;
  max: number;
  value: number;
  onChange: (score: number) => void;
  kind: 'ratingScale' | 'stars' | 'smileys';
  testId?: string;
}) {
  const t = useFlowText();
  return (
    <ChoiceButtons
      label={label}
      choices={Array.from({ length: max }, (_, i) => {
        const score = i + 1;
        const face = kind === 'stars' ? (score <= value ? '★' : '☆') : kind === 'smileys' ? smileyOf(score, max) : '';
        return {
          value: String(score),
          label: face ? `${face} ${t('kiosk-flow:score', { score, max })}` : String(score),
        };
      })}
      value={value ? String(value) : null}
      onChange={(next) => onChange(Number(next))}
      testId={testId}
    />
  );
}

export function FieldInput({
  field,
  value,
  onChange,
  error,
}: {
  field: Field;
  value: CustomFieldValue;
  onChange: (value: CustomFieldValue) => void;
  error?: string;
}) {
  const t = useFlowText();
  const testId = `kiosk-field-${field.id}`;
  const label = field.required ? field.name : `${field.name} (${t('kiosk-flow:optional')})`;
  const choices = field.options.choices ?? [];
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const emitText = (next: string) => onChange(next === '' ? null : next);
  const message = error ? (
    <span className={styles.error} role="alert">
      {error}
    </span>
  ) : null;

  switch (field.type) {
    case 'text':
    case 'number':
    case 'date':
      return (
        <label className={styles.field}>
          <span className={styles.label}>{label}</span>
          <input
            className={styles.input}
            type={field.type === 'date' ? 'date' : 'text'}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            value={text}
            maxLength={field.type === 'text' ? CUSTOM_FIELD_LIMITS.textMax : 20}
            onChange={(event) => emitText(event.target.value)}
            aria-invalid={Boolean(error)}
            data-testid={testId}
          />
          {message}
        </label>
      );
    case 'longText':
      return (
        <label className={styles.field}>
          <span className={styles.label}>{label}</span>
          <textarea
            className={styles.textarea}
            value={text}
            maxLength={CUSTOM_FIELD_LIMITS.longTextMax}
            onChange={(event) => emitText(event.target.value)}
            aria-invalid={Boolean(error)}
            data-testid={testId}
          />
          {message}
        </label>
      );
    case 'toggleButton':
      return (
        <>
          <ChoiceButtons
            label={label}
            choices={[
              { value: '1', label: t('kiosk-flow:yes') },
              { value: '0', label: t('kiosk-flow:no') },
            ]}
            value={String(value === 1 ? 1 : 0)}
            onChange={(next) => onChange(Number(next))}
            testId={testId}
          />
          {message}
        </>
      );
    case 'radioButtons':
      return (
        <>
          <ChoiceButtons
            label={label}
            choices={choices.map((choice) => ({ value: choice, label: choice }))}
            value={typeof value === 'string' ? value : null}
            onChange={onChange}
            testId={testId}
          />
          {message}
        </>
      );
    case 'checkboxes':
    case 'labels': {
      const list = asList(value);
      return (
        <div className={styles.field} role="group" aria-label={label} data-testid={testId}>
          <span className={styles.label}>{label}</span>
          <div className={styles.choices}>
            {choices.map((choice) => (
              <button
                key={choice}
                type="button"
                className={styles.choice}
                aria-pressed={list.includes(choice)}
                onClick={() => onChange(list.includes(choice) ? list.filter((c) => c !== choice) : [...list, choice])}
              >
                {choice}
              </button>
            ))}
          </div>
          {message}
        </div>
      );
    }
    case 'ratingScale':
    case 'stars':
    case 'smileys':
      return (
        <>
          <ScoreButtons
            label={label}
            max={scoreMax(field)}
            value={asScore(value)}
            onChange={onChange}
            kind={field.type}
            testId={testId}
          />
          {message}
        </>
      );
  }
}
