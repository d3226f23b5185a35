// A late sign-in or early sign-out reason, when more than one applies now (spec §4: one reason is
// preselected; with more than one, the person picks).
import type { PersonPreview } from '@app/shared/visits/schemas';
import type { PersonDraft } from '@app/shared/visits/sign-in-form';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { ChoiceButtons } from './choice-buttons';

export function ReasonScreen({
  person,
  draft,
  onChange,
}: {
  person: PersonPreview;
  draft: PersonDraft;
  onChange: (draft: PersonDraft) => void;
}) {
  const t = useFlowText();
  const type = person.reasons.type;
  return (
    <div className={styles.screenBody} data-testid="kiosk-reason">
      <h2 className={styles.stepTitle}>{t(`kiosk-flow:reason.${type}`)}</h2>
      <ChoiceButtons
        label={t(`kiosk-flow:reason.${type}_ask`)}
        choices={person.reasons.options.map((option) => ({ value: option.id, label: option.name }))}
        value={draft.reasonId}
        onChange={(reasonId) => onChange({ ...draft, reasonId })}
        testId="kiosk-reason-options"
      />
    </div>
  );
}
