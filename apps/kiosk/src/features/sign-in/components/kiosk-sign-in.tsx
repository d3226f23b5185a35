// A person at the kiosk, from saying who they are to the confirmation: identify (QR, card or name),
// what their flow asks now (the server's preview), the flow's screens, then the sign-in or sign-out,
// the badge, and the welcome or goodbye message. Then the kiosk is ready for the next person.
import { useCallback, useState } from 'react';
import type { Flow } from '@app/shared/journeys/schemas';
import type { Badge, SignInPreview } from '@app/shared/visits/schemas';
import { newIdempotencyKey, signInPersonBody, type PersonDraft } from '@app/shared/visits/sign-in-form';
import styles from '../sign-in.module.css';
import type { KioskSignInCalls, Resolved } from '../calls';
import { useFlowText } from '../flow-text';
import { useCardReader } from '../hooks/use-card-reader';
import { DoneScreen, type Done } from './done-screen';
import { IdentifyScreen, type PersonHit } from './identify-screen';
import { flowSteps } from '../utils/steps';
import { PersonFlow, type KioskReading } from './person-flow';
import { QrCamera } from './qr-camera';

type Stage =
  | { kind: 'identify'; problem: string | null }
  | { kind: 'loading'; hit: PersonHit }
  | { kind: 'flow'; preview: SignInPreview; refused: { field: string | null; message: string } | null }
  | { kind: 'done'; done: Done; visitId: string | null; personId: string };

export function KioskSignIn({
  action,
  flows,
  reading,
  calls,
  onBadge,
  onExit,
}: {
  action: 'sign_in' | 'sign_out';
  /** The journey's flows: their input methods decide the ways in, their feedback the messages. */
  flows: Flow[];
  reading: KioskReading;
  calls: KioskSignInCalls;
  /** A badge to print (the app lays it out and opens the print dialog). */
  onBadge: (badge: Badge) => void;
  onExit: () => void;
}) {
  const t = useFlowText();
  const [stage, setStage] = useState<Stage>({ kind: 'identify', problem: null });
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(() => newIdempotencyKey('kiosk'));
  const inputs = new Set(flows.flatMap((f) => f.inputs));
  const identifying = stage.kind === 'identify';

  const open = useCallback(
    async (hit: PersonHit, expectedVisitId: string | null) => {
      setStage({ kind: 'loading', hit });
      try {
        const preview = await calls.preview(hit.id, expectedVisitId);
        setStage({ kind: 'flow', preview, refused: null });
      } catch {
        setStage({ kind: 'identify', problem: t('kiosk-flow:failed') });
      }
    },
    [calls, t],
  );

  const identified = useCallback(
    async (kind: 'qr' | 'card', code: string) => {
      let found: Resolved | null = null;
      try {
        found = await calls.resolve(kind, code);
      } catch {
        setStage({ kind: 'identify', problem: t('kiosk-flow:failed') });
        return;
      }
      if (!found) setStage({ kind: 'identify', problem: t('kiosk-flow:identify.code_unknown') });
      else await open(found.person, found.expectedVisitId);
    },
    [calls, open, t],
  );

  useCardReader(identifying && inputs.has('rfid'), (card) => void identified('card', card));

  if (stage.kind === 'identify') {
    return (
      <IdentifyScreen
        action={action}
        byName={inputs.has('name_search') || inputs.size === 0}
        byCard={inputs.has('rfid')}
        camera={inputs.has('qr_code') ? <QrCamera active onCode={(code) => void identified('qr', code)} /> : null}
        searchPeople={calls.searchPeople}
        onPerson={(hit) => void open(hit, null)}
        onRegister={null}
        onCancel={onExit}
        problem={stage.problem}
      />
    );
  }
  if (stage.kind === 'loading') {
    return (
      <section className={styles.done} aria-busy="true" data-testid="kiosk-loading">
        <p className={styles.label}>{t('kiosk-flow:loading', { name: stage.hit.first_name })}</p>
      </section>
    );
  }
  if (stage.kind === 'done') {
    return <DoneScreen done={stage.done} onRate={null} onFinished={onExit} />;
  }

  const preview = stage.preview;
  const person = preview.people[0]!;
  const flow = flows.find((f) => f.id === person.journey_flow_id) ?? null;
  const firstName = stage.preview.people[0]?.full_name?.split(' ')[0] ?? '';
  const finishAs = person.action === 'sign_out' ? 'sign_out' : person.action;

  // Refused with nothing the person could answer differently: say why, and start again.
  const dead = stage.refused !== null && flowSteps(person).length === 0;
  if (person.blocker || (action === 'sign_out' && person.action !== 'sign_out') || dead) {
    const message = person.blocker?.message ?? stage.refused?.message ?? t('kiosk-flow:not_signed_in');
    return (
      <section className={styles.done} data-testid="kiosk-blocked">
        <p className={styles.stop} role="alert">
          {message}
        </p>
        <button type="button" className={styles.primary} onClick={onExit} data-testid="kiosk-done-close">
          {t('kiosk-flow:back_to_start')}
        </button>
      </section>
    );
  }

  const finish = async (draft: PersonDraft) => {
    setBusy(true);
    try {
      const outcome =
        person.action === 'sign_out'
          ? await calls.signOut(person.person_id, draft.reasonId, key)
          : await calls.signIn(signInPersonBody(person, draft), key);
      if (!outcome.ok) {
        // A new attempt is a new request: the refused one did nothing.
        setKey(newIdempotencyKey('kiosk'));
        setStage({ kind: 'flow', preview, refused: { field: outcome.field, message: outcome.message } });
        return;
      }
      if (outcome.visitId && flow?.checks.print_badge && person.action !== 'sign_out' && !outcome.offline) {
        // The badge prints while the welcome shows; a badge that cannot be had does not stop the visit.
        calls.badge(outcome.visitId).then(onBadge, () => undefined);
      }
      const feedback = flow?.feedback;
      setStage({
        kind: 'done',
        visitId: outcome.visitId,
        personId: person.person_id,
        done: {
          action: finishAs,
          firstName,
          message: (person.action === 'sign_out' ? feedback?.goodbye_message : feedback?.welcome_message) ?? '',
          seconds: feedback?.confirmation_seconds ?? 5,
          askRating: feedback?.ask_rating ?? false,
          offline: outcome.offline,
        },
      });
    } catch {
      setStage({ kind: 'flow', preview, refused: { field: null, message: t('kiosk-flow:failed') } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {stage.refused && (
        <p className={styles.stop} role="alert" data-testid="kiosk-refused">
          {stage.refused.message}
        </p>
      )}
      <PersonFlow
        person={person}
        timeZone={preview.timezone}
        reading={reading}
        searchHosts={calls.searchHosts}
        busy={busy}
        refusal={stage.refused}
        onCancel={onExit}
        onDone={(draft) => void finish(draft)}
      />
    </>
  );
}
