// A person at the kiosk, from saying who they are to the confirmation: identify (QR, card or name) or
// register as a new visitor, what their flow asks now (the server's preview), a photo where the flow
// needs one and they have none, the flow's screens, then the sign-in or sign-out, the badge, and the
// welcome or goodbye message (with a rating where the flow asks). Then the kiosk is ready for the next.
import { useCallback, useState } from 'react';
import type { Flow } from '@app/shared/journeys/schemas';
import type { KioskVisitorBody } from '@app/shared/kiosks/device-lookup';
import { FACE_RECOGNITION_MODEL } from '@app/shared/faces/face-matcher';
import { SELF_REGISTERING_METHODS } from '@app/shared/user-types/schemas';
import type { SignInPreview } from '@app/shared/visits/schemas';
import { newIdempotencyKey, signInPersonBody, type PersonDraft } from '@app/shared/visits/sign-in-form';
import { ApiError } from '../../../lib/device-api';
import type { HeldFaceLibrary, LibraryPerson } from '../../../lib/face-library';
import styles from '../sign-in.module.css';
import { CodeRefused, type KioskSignInCalls, type PrintableBadge, type Resolved } from '../calls';
import { useFlowText } from '../flow-text';
import { useCardReader } from '../hooks/use-card-reader';
import { DoneScreen, type Done } from './done-screen';
import { IdentifyScreen, type PersonHit } from './identify-screen';
import { flowSteps } from '../utils/steps';
import { doorOpenSeconds } from '../utils/door';
import type { DoorRelayMode } from '@app/shared/kiosks/schemas';
import { PersonFlow, type KioskReading } from './person-flow';
import { FaceConfirmScreen } from './face-confirm-screen';
import { IdentifyCamera } from './identify-camera';
import { PhotoScreen } from './photo-screen';
import { RegisterScreen } from './register-screen';

type Stage =
  /** `noFace`: the person said a face was not theirs, or the server did not match it: other ways only. */
  | { kind: 'identify'; problem: string | null; noFace?: boolean }
  | { kind: 'face'; person: LibraryPerson; descriptor: Float32Array }
  | { kind: 'register'; message: string | null; fields: Record<string, string[]> }
  | { kind: 'loading'; hit: PersonHit }
  | { kind: 'photo'; preview: SignInPreview; problem: string | null }
  | { kind: 'flow'; preview: SignInPreview; refused: { field: string | null; message: string } | null }
  | { kind: 'done'; done: Done; visitId: string | null; personId: string };

export function KioskSignIn({
  action,
  flows,
  reading,
  calls,
  faces,
  online,
  doorRelay,
  volume,
  onDoor,
  onBadge,
  onExit,
}: {
  action: 'sign_in' | 'sign_out';
  /** The journey's flows: their input methods decide the ways in, their feedback the messages. */
  flows: Flow[];
  reading: KioskReading;
  calls: KioskSignInCalls;
  /** The face library the kiosk holds, while the company has face sign-in on (decision 050). */
  faces: HeldFaceLibrary | null;
  /** The server can be reached: registering, photos and ratings need it. */
  online: boolean;
  /** The kiosk's door relay mode (spec §9). */
  doorRelay: DoorRelayMode;
  /** The kiosk's volume (0-100), for spoken messages. */
  volume: number;
  /** Opens the door for so many seconds. */
  onDoor: (seconds: number) => void;
  /** A badge to print (the app lays it out and opens the print dialog). */
  onBadge: (badge: PrintableBadge) => void;
  onExit: () => void;
}) {
  const t = useFlowText();
  const [stage, setStage] = useState<Stage>({ kind: 'identify', problem: null });
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(() => newIdempotencyKey('kiosk'));
  const inputs = new Set(flows.flatMap((f) => f.inputs));
  const identifying = stage.kind === 'identify';
  const registering = flows
    .filter((f) => SELF_REGISTERING_METHODS.includes(f.user_type.registration_method))
    .map((f) => f.user_type);

  const open = useCallback(
    async (hit: PersonHit, expectedVisitId: string | null) => {
      setStage({ kind: 'loading', hit });
      try {
        const { preview, offline } = await calls.preview(hit.id, expectedVisitId, action);
        const p = preview.people[0];
        const flow = flows.find((f) => f.id === p?.journey_flow_id);
        // A photo the flow needs and the person lacks is taken first (online: it is kept on the server).
        const needsPhoto =
          !offline &&
          p !== undefined &&
          !p.blocker &&
          p.action !== 'sign_out' &&
          p.photo_url === null &&
          flow?.compliance_flags.is_image_required === true;
        setStage(needsPhoto ? { kind: 'photo', preview, problem: null } : { kind: 'flow', preview, refused: null });
      } catch {
        setStage({ kind: 'identify', problem: t('kiosk-flow:failed') });
      }
    },
    [calls, t, action, flows],
  );

  const register = async (body: KioskVisitorBody) => {
    setBusy(true);
    try {
      const done = await calls.register(body);
      if (done.ok) await open(done.person, null);
      else setStage({ kind: 'register', message: done.message, fields: done.fields });
    } catch {
      setStage({ kind: 'register', message: t('kiosk-flow:failed'), fields: {} });
    } finally {
      setBusy(false);
    }
  };

  const keepPhoto = async (preview: SignInPreview, photo: Blob) => {
    setBusy(true);
    try {
      await calls.uploadPhoto(preview.people[0]!.person_id, photo);
      setStage({ kind: 'flow', preview, refused: null });
    } catch (error) {
      // The server's reason (a picture too small, say) in the person's language; else that it failed.
      setStage({ kind: 'photo', preview, problem: error instanceof ApiError ? error.message : t('kiosk-flow:failed') });
    } finally {
      setBusy(false);
    }
  };

  const identified = useCallback(
    async (kind: 'qr' | 'card', code: string) => {
      let found: Resolved | null = null;
      try {
        found = await calls.resolve(kind, code);
      } catch (error) {
        // A code refused for a reason says it, online (the server's words) and offline (the same key).
        const problem =
          error instanceof CodeRefused
            ? t(error.messageKey)
            : error instanceof ApiError && error.status === 422
              ? error.message
              : t('kiosk-flow:failed');
        setStage({ kind: 'identify', problem });
        return;
      }
      if (!found) setStage({ kind: 'identify', problem: t('kiosk-flow:identify.code_unknown') });
      else await open(found.person, found.expectedVisitId);
    },
    [calls, open, t],
  );

  useCardReader(identifying && inputs.has('rfid'), (card) => void identified('card', card));

  // The server matches the face again before anything is done in that person's name.
  const faceConfirmed = async (person: LibraryPerson, descriptor: Float32Array) => {
    setBusy(true);
    try {
      const matched = await calls.faceMatch(descriptor);
      if (matched?.id === person.personId) {
        await open({ id: matched.id, first_name: matched.first_name, last_name: '', on_site: false }, null);
      } else {
        setStage({ kind: 'identify', problem: t('kiosk-flow:face.not_confirmed'), noFace: true });
      }
    } catch {
      setStage({ kind: 'identify', problem: t('kiosk-flow:face.not_confirmed'), noFace: true });
    } finally {
      setBusy(false);
    }
  };

  if (stage.kind === 'face') {
    const { person, descriptor } = stage;
    return (
      <FaceConfirmScreen
        firstName={person.firstName}
        busy={busy}
        onYes={() => void faceConfirmed(person, descriptor)}
        onNo={() => setStage({ kind: 'identify', problem: null, noFace: true })}
      />
    );
  }

  if (stage.kind === 'identify') {
    // Faces only online (the server checks every match), with a library of the same model.
    const byFace =
      inputs.has('face') &&
      online &&
      !stage.noFace &&
      faces !== null &&
      faces.matcher.size > 0 &&
      faces.model.startsWith(`${FACE_RECOGNITION_MODEL}/`);
    const byQr = inputs.has('qr_code');
    const cameraTitle = t(
      byQr && byFace
        ? 'kiosk-flow:identify.qr_or_face'
        : byFace
          ? 'kiosk-flow:identify.face'
          : 'kiosk-flow:identify.qr',
    );
    return (
      <IdentifyScreen
        action={action}
        // A face not recognised falls back to the name when the flow offers no other way.
        byName={inputs.has('name_search') || !(byQr || inputs.has('rfid'))}
        byCard={inputs.has('rfid')}
        camera={
          byQr || byFace
            ? {
                title: cameraTitle,
                view: (
                  <IdentifyCamera
                    title={cameraTitle}
                    onCode={byQr ? (code) => void identified('qr', code) : null}
                    face={
                      byFace
                        ? {
                            library: faces,
                            onFound: (person, descriptor) => setStage({ kind: 'face', person, descriptor }),
                          }
                        : null
                    }
                  />
                ),
              }
            : null
        }
        searchPeople={calls.searchPeople}
        onPerson={(hit) => void open(hit, null)}
        onRegister={
          online && registering.length > 0 ? () => setStage({ kind: 'register', message: null, fields: {} }) : null
        }
        onCancel={onExit}
        problem={stage.problem}
      />
    );
  }
  if (stage.kind === 'register') {
    return (
      <RegisterScreen
        types={registering}
        busy={busy}
        serverErrors={{ message: stage.message, fields: stage.fields }}
        onRegister={(body) => void register(body)}
        onCancel={onExit}
      />
    );
  }
  if (stage.kind === 'photo') {
    const preview = stage.preview;
    return (
      <PhotoScreen
        busy={busy}
        problem={stage.problem}
        onKeep={(photo) => void keepPhoto(preview, photo)}
        onSkip={() => setStage({ kind: 'flow', preview, refused: null })}
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
    const visitId = stage.visitId;
    return (
      <DoneScreen
        done={stage.done}
        volume={volume}
        // A rating needs the visit on the server: none while offline.
        onRate={
          visitId && !stage.done.offline ? (score) => void calls.rate(visitId, score).catch(() => undefined) : null
        }
        onFinished={onExit}
      />
    );
  }

  const preview = stage.preview;
  const person = preview.people[0]!;
  const flow = flows.find((f) => f.id === person.journey_flow_id) ?? null;
  const firstName = stage.preview.people[0]?.full_name?.split(' ')[0] ?? '';
  const finishAs = person.action === 'sign_out' ? 'sign_out' : person.action;

  // Refused with nothing the person could answer differently: say why, and start again.
  const dead = stage.refused !== null && flowSteps(person).length === 0;
  if (person.blocker || (action === 'sign_out' && person.action !== 'sign_out') || dead) {
    const message =
      person.blocker?.code === 'watchlist' && !person.blocker.message
        ? t('kiosk-flow:watchlist_stop')
        : (person.blocker?.message ?? stage.refused?.message ?? t('kiosk-flow:not_signed_in'));
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
        calls.badge(outcome.visitId, person.person_id).then(onBadge, () => undefined);
      }
      const door = doorOpenSeconds(doorRelay, finishAs, flow?.output);
      if (door !== null) onDoor(door);
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
          speak: feedback?.speak_messages ?? false,
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
