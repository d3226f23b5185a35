// The tablet's front camera on the identify screen: looking for a QR code (a QuickPass, a
// pre-registration pass, a person's QR), for a face the kiosk knows (decision 050), or both, a few
// frames a second while active; the camera is stopped when it is not. Without a camera (none, or not
// allowed) it says so, and the person uses another way in.
import { useEffect, useRef, useState } from 'react';
import type { HeldFaceLibrary, LibraryPerson } from '../../../lib/face-library';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { useCamera } from '../hooks/use-camera';
import { faceReader } from '../utils/face-reader';
import { createFaceWatch, type Watching } from '@app/shared/faces/face-watch';
import { qrDetector } from '../utils/qr-detector';

const FRAME_MS = 200;
/** The same code seen again this soon is the same scan (the person still holds it up). */
const SAME_SCAN_MS = 3000;

export type FaceLooking = {
  library: HeldFaceLibrary;
  /** A known person seen turning their head: the face of theirs the server is to match again. */
  onFound: (person: LibraryPerson, descriptor: Float32Array) => void;
};

/** What the face reading tells the person: the model getting ready, then what the watch asks. */
type FaceState = { kind: 'loading' } | { kind: 'unavailable' } | Exclude<Watching, { kind: 'found' }>;

export function IdentifyCamera({
  title,
  onCode,
  face,
}: {
  title: string;
  /** Looks for QR codes when set. */
  onCode: ((code: string) => void) | null;
  /** Looks for known faces when set. */
  face: FaceLooking | null;
}) {
  const t = useFlowText();
  const handlers = useRef({ onCode, onFound: face?.onFound });
  useEffect(() => {
    handlers.current = { onCode, onFound: face?.onFound };
  });
  const library = face?.library ?? null;
  const [faceState, setFaceState] = useState<FaceState>({ kind: 'loading' });
  const reading = { qr: onCode !== null, library };
  const { video, failed } = useCamera(true, (element) => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', at: 0 };
    const qr = reading.qr ? qrDetector().catch(() => null) : Promise.resolve(null);
    const faces = reading.library
      ? faceReader().catch(() => {
          if (!stopped) setFaceState({ kind: 'unavailable' });
          return null;
        })
      : Promise.resolve(null);
    const watch = reading.library ? createFaceWatch(reading.library) : null;
    let lookingForFaces = watch !== null;
    void Promise.all([qr, faces]).then(([detector, reader]) => {
      const read = async () => {
        if (stopped) return;
        if (detector) {
          const codes = await detector.detect(element).catch(() => []);
          const code = codes.find((c) => c.format === 'qr_code' && c.rawValue);
          const now = Date.now();
          // Reading goes on: a code this kiosk does not know leaves the camera looking for the next one.
          if (code && !stopped && (code.rawValue !== last.code || now - last.at > SAME_SCAN_MS)) {
            handlers.current.onCode?.(code.rawValue);
          }
          if (code) last = { code: code.rawValue, at: now };
        }
        if (reader && watch && lookingForFaces && !stopped) {
          const seen = await reader.read(element).catch(() => []);
          const watching = watch(seen, Date.now());
          if (stopped) return;
          if (watching.kind === 'found') {
            lookingForFaces = false;
            handlers.current.onFound?.(watching.person, watching.descriptor);
          } else {
            setFaceState((now) => (now.kind === watching.kind ? now : watching));
          }
        }
        timer = setTimeout(read, FRAME_MS);
      };
      void read();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  });
  if (failed) return <p className={styles.hint}>{t('kiosk-flow:identify.camera_off')}</p>;
  return (
    <div className={styles.cameraWay}>
      <div className={styles.camera}>
        <video ref={video} muted playsInline aria-label={title} data-testid="kiosk-camera" />
      </div>
      {library && (
        <p className={styles.hint} aria-live="polite" data-testid="kiosk-face-status" data-state={faceState.kind}>
          {t(`kiosk-flow:face.${faceState.kind}`)}
        </p>
      )}
    </div>
  );
}
