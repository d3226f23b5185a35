// The tablet's front camera looking for a QR code (a QuickPass, a pre-registration pass, a person's
// QR). Reads a few frames a second while active; stops the camera when it is not. Without a camera
// (none, or not allowed) it says so, and the person uses another way in.
import { useEffect, useRef } from 'react';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { useCamera } from '../hooks/use-camera';
import { qrDetector } from '../utils/qr-detector';

const FRAME_MS = 200;
/** The same code seen again this soon is the same scan (the person still holds it up). */
const SAME_SCAN_MS = 3000;

export function QrCamera({ active, onCode }: { active: boolean; onCode: (code: string) => void }) {
  const t = useFlowText();
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  });
  const { video, failed } = useCamera(active, (element) => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', at: 0 };
    void qrDetector().then((detector) => {
      const read = async () => {
        if (stopped) return;
        const codes = await detector.detect(element).catch(() => []);
        const qr = codes.find((code) => code.format === 'qr_code' && code.rawValue);
        const now = Date.now();
        // Reading goes on: a code this kiosk does not know leaves the camera looking for the next one.
        if (qr && !stopped && (qr.rawValue !== last.code || now - last.at > SAME_SCAN_MS)) {
          handler.current(qr.rawValue);
        }
        if (qr) last = { code: qr.rawValue, at: now };
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
    <div className={styles.camera}>
      <video ref={video} muted playsInline aria-label={t('kiosk-flow:identify.qr')} data-testid="kiosk-camera" />
    </div>
  );
}
