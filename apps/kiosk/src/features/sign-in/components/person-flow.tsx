// One person through the journey's flow at the kiosk: a screen at a time with Back and Continue, the
// rules of each screen checked as the server checks them, and the answers sent once at the end.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PersonPreview } from '@app/shared/visits/schemas';
import { emptyComplianceDraft, initialDraft, type PersonDraft } from '@app/shared/visits/sign-in-form';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { flowSteps, stepId, stepIssues, type FlowStep } from '../utils/steps';
import { ChecksScreen } from './checks-screen';
import { ComplianceScreen } from './compliance-screen';
import { FieldsScreen } from './fields-screen';
import { HostScreen, type SearchHosts } from './host-screen';
import { ReasonScreen } from './reason-screen';

export type KioskReading = { unit: 'C' | 'F'; defaultTemperature: number };

/** A person's form as the kiosk opens it: the reading starts at the kiosk's default, in its unit. */
export function kioskDraft(person: PersonPreview, reading: KioskReading): PersonDraft {
  const draft = initialDraft(person);
  return person.checks.temperature
    ? { ...draft, unit: reading.unit, temperature: String(reading.defaultTemperature) }
    : draft;
}

export function PersonFlow({
  person,
  timeZone,
  reading,
  searchHosts,
  busy,
  refusal,
  onCancel,
  onDone,
}: {
  person: PersonPreview;
  timeZone: string;
  reading: KioskReading;
  searchHosts: SearchHosts;
  /** The answers are being sent. */
  busy: boolean;
  /** The server refused the answers (a new object each time): the flow goes back to a screen to mend. */
  refusal: object | null;
  onCancel: () => void;
  onDone: (draft: PersonDraft) => void;
}) {
  const t = useFlowText();
  const steps = useMemo(() => flowSteps(person), [person]);
  const [draft, setDraft] = useState(() => kioskDraft(person, reading));
  const [index, setIndex] = useState(0);
  const [tried, setTried] = useState(false);
  const heading = useRef<HTMLDivElement>(null);

  // A new refusal takes the person back to the first screen with a broken rule; their answers since
  // do not move them.
  const [seenRefusal, setSeenRefusal] = useState(refusal);
  if (refusal !== seenRefusal) {
    setSeenRefusal(refusal);
    const at = steps.findIndex((step) => stepIssues(step, person, draft, new Date(), timeZone).length > 0);
    if (refusal && at >= 0) setIndex(at);
  }

  // Each new screen is announced and takes the focus, so a screen reader follows the flow.
  useEffect(() => heading.current?.focus(), [index]);

  // Nothing to ask: straight on.
  useEffect(() => {
    if (steps.length === 0) onDone(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (steps.length === 0) return null;

  const step: FlowStep = steps[index]!;
  const issues = stepIssues(step, person, draft, new Date(), timeZone);
  const last = index === steps.length - 1;
  const next = () => {
    if (issues.length > 0) {
      setTried(true);
      return;
    }
    setTried(false);
    if (last) onDone(draft);
    else setIndex(index + 1);
  };
  const back = () => {
    setTried(false);
    if (index === 0) onCancel();
    else setIndex(index - 1);
  };
  // A failed check is for the front desk: the kiosk does not ask the visitor to override it.
  const stopped = step.kind === 'checks' && issues.some((i) => i.field === 'override_reason');

  return (
    <section
      className={styles.flow}
      aria-labelledby="kiosk-flow-heading"
      data-testid="kiosk-flow"
      data-step={stepId(step)}
    >
      <div id="kiosk-flow-heading" ref={heading} tabIndex={-1} className={styles.progress}>
        {t('kiosk-flow:progress', { step: index + 1, count: steps.length })}
      </div>
      {step.kind === 'compliance' && (
        <ComplianceScreen
          compliance={step.compliance}
          draft={draft.compliances[step.compliance.id] ?? emptyComplianceDraft()}
          onChange={(c) => setDraft({ ...draft, compliances: { ...draft.compliances, [step.compliance.id]: c } })}
          now={new Date()}
          timeZone={timeZone}
        />
      )}
      {step.kind === 'checks' && <ChecksScreen person={person} draft={draft} onChange={setDraft} />}
      {step.kind === 'host' && (
        <HostScreen person={person} draft={draft} onChange={setDraft} searchHosts={searchHosts} />
      )}
      {step.kind === 'fields' && (
        <FieldsScreen person={person} draft={draft} onChange={setDraft} issues={tried ? issues : []} />
      )}
      {step.kind === 'reason' && <ReasonScreen person={person} draft={draft} onChange={setDraft} />}
      {tried && step.kind !== 'fields' && !stopped && (
        <ul className={styles.issues} role="alert" data-testid="kiosk-step-issues">
          {issues.map((issue) => (
            <li key={issue.field + issue.key}>{t(issue.key, issue.vars)}</li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={back} disabled={busy} data-testid="kiosk-back">
          {index === 0 ? t('kiosk-flow:cancel') : t('kiosk-flow:back')}
        </button>
        {!stopped && (
          <button type="button" className={styles.primary} onClick={next} disabled={busy} data-testid="kiosk-next">
            {last ? t(`kiosk-flow:finish.${person.action}`) : t('kiosk-flow:next')}
          </button>
        )}
      </div>
    </section>
  );
}
