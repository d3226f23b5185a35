// One due compliance (spec §4 Compliance answer status): questions with their answers, an agreement or
// a statement to agree to, or a vaccination or test document. A wrong answer asks for notes of at
// least 20 characters to justify it; it is judged as the server will judge it.
import type { DueCompliance } from '@app/shared/visits/schemas';
import {
  COMPLIANCE_NOTES_MAX,
  REASON_MIN,
  complianceState,
  notesLength,
  type ComplianceDraft,
  type DocumentDraft,
} from '@app/shared/visits/sign-in-form';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { ChoiceButtons } from './choice-buttons';

type Props = {
  compliance: DueCompliance;
  draft: ComplianceDraft;
  onChange: (draft: ComplianceDraft) => void;
  now: Date;
  timeZone: string;
};

function AgreeChoice({ value, onChange }: { value: boolean | null; onChange: (accepted: boolean) => void }) {
  const t = useFlowText();
  return (
    <ChoiceButtons
      label={t('kiosk-flow:compliance.do_you_agree')}
      choices={[
        { value: 'yes', label: t('kiosk-flow:compliance.agree') },
        { value: 'no', label: t('kiosk-flow:compliance.disagree') },
      ]}
      value={value === null ? null : value ? 'yes' : 'no'}
      onChange={(next) => onChange(next === 'yes')}
      testId="kiosk-compliance-accept"
    />
  );
}

function DocumentFields({
  asked,
  value,
  onChange,
}: {
  asked: Extract<DueCompliance['asked'], { format: 'vaccine' }>;
  value: DocumentDraft;
  onChange: (doc: DocumentDraft) => void;
}) {
  const t = useFlowText();
  const set = (patch: Partial<DocumentDraft>) => onChange({ ...value, ...patch });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      {asked.content.accept_negative_pcr && (
        <ChoiceButtons
          label={t('kiosk-flow:document.which')}
          choices={[
            { value: 'vaccine', label: t('kiosk-flow:document.vaccine') },
            { value: 'test', label: t('kiosk-flow:document.test') },
          ]}
          value={value.type}
          onChange={(type) => set({ type: type as DocumentDraft['type'] })}
          testId="kiosk-document-type"
        />
      )}
      {value.type === 'vaccine' ? (
        <ChoiceButtons
          label={t('kiosk-flow:document.protocol')}
          choices={asked.content.protocols.map((p) => ({
            value: p,
            label: t(`compliances:vaccine.protocol_names.${p}`),
          }))}
          value={value.protocol}
          onChange={(protocol) => set({ protocol: protocol as DocumentDraft['protocol'] })}
          testId="kiosk-document-protocol"
        />
      ) : (
        <ChoiceButtons
          label={t('kiosk-flow:document.result')}
          choices={[
            { value: 'negative', label: t('kiosk-flow:document.negative') },
            { value: 'positive', label: t('kiosk-flow:document.positive') },
          ]}
          value={value.result}
          onChange={(result) => set({ result: result as DocumentDraft['result'] })}
          testId="kiosk-document-result"
        />
      )}
      <label className={styles.field}>
        <span className={styles.label}>
          {value.type === 'vaccine' ? t('kiosk-flow:document.dose_date') : t('kiosk-flow:document.test_date')}
        </span>
        <input
          type="date"
          className={styles.input}
          max={today}
          value={value.date ?? ''}
          onChange={(event) => set({ date: event.target.value || null })}
          data-testid="kiosk-document-date"
        />
      </label>
    </>
  );
}

export function ComplianceScreen({ compliance, draft, onChange, now, timeZone }: Props) {
  const t = useFlowText();
  const asked = compliance.asked;
  const state = complianceState(compliance, draft, now, timeZone);
  const wrong = 'wrong' in state && state.wrong;
  const length = notesLength(draft.notes);
  return (
    <div className={styles.screenBody} data-testid="kiosk-compliance" data-format={asked.format}>
      <h2 className={styles.stepTitle}>{asked.name}</h2>
      {!compliance.required && <p className={styles.hint}>{t('kiosk-flow:compliance.optional')}</p>}
      {asked.format === 'question' &&
        asked.content.questions.map((question) => (
          <ChoiceButtons
            key={question.id}
            label={question.question}
            choices={question.answers.map((a) => ({ value: a.id, label: a.answer }))}
            value={draft.answers[question.id] ?? null}
            onChange={(answer) => onChange({ ...draft, answers: { ...draft.answers, [question.id]: answer } })}
            testId={`kiosk-question-${question.id}`}
          />
        ))}
      {(asked.format === 'agreement' || asked.format === 'statement') && (
        <>
          <div
            className={styles.readText}
            // A long text scrolls; a keyboard reaches it to scroll it too.
            tabIndex={0}
            role="region"
            aria-label={asked.name}
            dir="auto"
          >
            {asked.format === 'agreement' ? asked.content.agreement_text : asked.content.statement}
          </div>
          <AgreeChoice value={draft.accepted} onChange={(accepted) => onChange({ ...draft, accepted })} />
        </>
      )}
      {asked.format === 'vaccine' && (
        <DocumentFields
          asked={asked}
          value={draft.document}
          onChange={(document) => onChange({ ...draft, document })}
        />
      )}
      {wrong && (
        <label className={styles.field}>
          <span className={styles.label}>{t('kiosk-flow:compliance.notes')}</span>
          <span className={styles.hint}>
            {t('kiosk-flow:compliance.notes_hint', { count: length, min: REASON_MIN })}
          </span>
          <textarea
            className={styles.textarea}
            value={draft.notes}
            maxLength={COMPLIANCE_NOTES_MAX}
            onChange={(event) => onChange({ ...draft, notes: event.target.value })}
            data-testid="kiosk-compliance-notes"
          />
        </label>
      )}
    </div>
  );
}
