// The tablet's front camera looking for a QR code (a QuickPass, a pre-registration pass, a person's
// QR). Reads a few frames a second while active; stops the camera when it is not. Without a camera
// (none, or not allowed) it says so, and the person uses another way in.
import { useEffect, useRef, useState } from 'react';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { qrDetector } from '../utils/qr-detector';

const FRAME_MS = 200;

export function QrCamera({ active, onCode }: { active: boolean; onCode: (code: string) => void }) {
  const t = useFlowText();
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    handler.current = onCode;
  });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => stream?.getTracks().forEach((track) => track.stop());
    void (async () => {
      try {
        const detector = await qrDetector();
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
          audio: false,
        });
        const element = video.current;
        if (stopped || !element) return stop();
        element.srcObject = stream;
        await element.play();
        const read = async () => {
          if (stopped) return;
          const codes = await detector.detect(element).catch(() => []);
          const qr = codes.find((code) => code.format === 'qr_code' && code.rawValue);
          if (qr && !stopped) handler.current(qr.rawValue);
          else timer = setTimeout(read, FRAME_MS);
        };
        void read();
      } catch {
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stop();
    };
  }, [active]);
  if (failed) return <p className={styles.hint}>{t('kiosk-flow:identify.camera_off')}</p>;
  return (
    <div className={styles.camera}>
      <video ref={video} muted playsInline aria-label={t('kiosk-flow:identify.qr')} data-testid="kiosk-camera" />
    </div>
  );
}
