// The photo the flow asks for (spec "Compliance flags": an image is required where the badge shows a
// photo or people sign in by face), taken with the tablet's camera for a person who has none: look,
// take, keep or take again. The picture is cut to a portrait and sent at 600×800, within the profile
// photo's rules. Without a camera the person goes on and the front desk adds it.
import { useEffect, useState } from 'react';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { useCamera } from '../hooks/use-camera';

const WIDTH = 600;
const HEIGHT = 800;

/** The middle of the video frame, cut to 3:4 and drawn at 600×800, as a JPEG. */
function takePicture(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const sourceWidth = Math.min(video.videoWidth, (video.videoHeight * WIDTH) / HEIGHT);
  const sourceHeight = (sourceWidth * HEIGHT) / WIDTH;
  const x = (video.videoWidth - sourceWidth) / 2;
  const y = (video.videoHeight - sourceHeight) / 2;
  canvas.getContext('2d')!.drawImage(video, x, y, sourceWidth, sourceHeight, 0, 0, WIDTH, HEIGHT);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no picture'))), 'image/jpeg', 0.9),
  );
}

export function PhotoScreen({
  onKeep,
  onSkip,
  problem,
  busy,
}: {
  onKeep: (photo: Blob) => void;
  /** Going on without a photo: only when the camera cannot be had. */
  onSkip: () => void;
  problem: string | null;
  busy: boolean;
}) {
  const t = useFlowText();
  const [taken, setTaken] = useState<{ blob: Blob; url: string } | null>(null);
  const { video, playing, failed } = useCamera(taken === null);
  useEffect(
    () => () => {
      if (taken) URL.revokeObjectURL(taken.url);
    },
    [taken],
  );
  const take = async () => {
    if (!video.current) return;
    const blob = await takePicture(video.current);
    setTaken({ blob, url: URL.createObjectURL(blob) });
  };
  return (
    <section className={styles.flow} aria-labelledby="kiosk-photo-title" data-testid="kiosk-photo">
      <h1 id="kiosk-photo-title" className={styles.stepTitle}>
        {t('kiosk-flow:photo.title')}
      </h1>
      <p className={styles.hint}>{t('kiosk-flow:photo.hint')}</p>
      {problem && (
        <p className={styles.stop} role="alert" data-testid="kiosk-photo-problem">
          {problem}
        </p>
      )}
      {failed ? (
        <p className={styles.hint}>{t('kiosk-flow:photo.camera_off')}</p>
      ) : taken ? (
        <div className={`${styles.camera} ${styles.portrait}`}>
          <img src={taken.url} alt={t('kiosk-flow:photo.taken')} data-testid="kiosk-photo-taken" />
        </div>
      ) : (
        <div className={`${styles.camera} ${styles.portrait}`}>
          <video ref={video} muted playsInline aria-label={t('kiosk-flow:photo.title')} />
        </div>
      )}
      <div className={styles.actions}>
        {failed ? (
          <button type="button" className={styles.primary} onClick={onSkip} data-testid="kiosk-photo-skip">
            {t('kiosk-flow:next')}
          </button>
        ) : taken ? (
          <>
            <button type="button" className={styles.secondary} onClick={() => setTaken(null)} disabled={busy}>
              {t('kiosk-flow:photo.again')}
            </button>
            <button
              type="button"
              className={styles.primary}
              onClick={() => onKeep(taken.blob)}
              disabled={busy}
              data-testid="kiosk-photo-keep"
            >
              {t('kiosk-flow:photo.keep')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className={styles.primary}
            onClick={() => void take()}
            disabled={!playing}
            data-testid="kiosk-photo-take"
          >
            {t('kiosk-flow:photo.take')}
          </button>
        )}
      </div>
    </section>
  );
}
