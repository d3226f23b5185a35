// The flow's health checks at the kiosk (spec §4 Temperature, Checks payload): the reading in the
// kiosk's unit, and whether the person wears a mask. Letting someone in past a failed check is a
// decision for the front desk, so the kiosk stops there and says whom to ask; it never asks the
// visitor for an override reason.
import { useState } from 'react';
import type { PersonPreview } from '@app/shared/visits/schemas';
import { healthOf, type PersonDraft } from '@app/shared/visits/sign-in-form';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { ChoiceButtons } from './choice-buttons';

export function ChecksScreen({
  person,
  draft,
  onChange,
}: {
  person: PersonPreview;
  draft: PersonDraft;
  onChange: (draft: PersonDraft) => void;
}) {
  const t = useFlowText();
  const health = healthOf(person, draft);
  const unreadable = health.issues.some((issue) => issue.field === 'temperature');
  // No answer is chosen for the person: the mask question waits for their tap.
  const [maskAnswered, setMaskAnswered] = useState(false);
  const failed = health.failed.filter((check) => check === 'temperature' || maskAnswered);
  return (
    <div className={styles.screenBody} data-testid="kiosk-checks">
      <h2 className={styles.stepTitle}>{t('kiosk-flow:checks.title')}</h2>
      {person.checks.temperature && (
        <label className={styles.field}>
          <span className={styles.label}>{t('kiosk-flow:checks.temperature', { unit: draft.unit })}</span>
          <input
            className={styles.input}
            inputMode="decimal"
            value={draft.temperature}
            onChange={(event) => onChange({ ...draft, temperature: event.target.value })}
            aria-invalid={unreadable}
            data-testid="kiosk-temperature"
          />
          {unreadable && (
            <span className={styles.error} role="alert">
              {t('errors:visit_temperature_invalid')}
            </span>
          )}
        </label>
      )}
      {person.checks.mask && (
        <ChoiceButtons
          label={t('kiosk-flow:checks.mask')}
          choices={[
            { value: 'yes', label: t('kiosk-flow:yes') },
            { value: 'no', label: t('kiosk-flow:no') },
          ]}
          value={maskAnswered ? (draft.mask ? 'yes' : 'no') : null}
          onChange={(value) => {
            setMaskAnswered(true);
            onChange({ ...draft, mask: value === 'yes' });
          }}
          testId="kiosk-mask"
        />
      )}
      {failed.length > 0 && (
        <p className={styles.stop} role="alert" data-testid="kiosk-checks-failed">
          {failed.includes('temperature') ? t('kiosk-flow:checks.over_limit') : t('kiosk-flow:checks.no_mask')}
        </p>
      )}
    </div>
  );
}
