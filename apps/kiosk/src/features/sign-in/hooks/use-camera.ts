// The tablet's front camera shown in a <video>, for as long as `active`: started when it turns on,
// every track stopped when it turns off or the screen goes. Without a camera (none, or not allowed)
// `failed` says so, and the screen offers another way.
import { useEffect, useRef, useState, type RefObject } from 'react';

export type Camera = {
  video: RefObject<HTMLVideoElement | null>;
  /** The picture is showing. */
  playing: boolean;
  failed: boolean;
};

export function useCamera(active: boolean, onPlaying?: (video: HTMLVideoElement) => () => void): Camera {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const started = useRef(onPlaying);
  useEffect(() => {
    started.current = onPlaying;
  });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let stopUse: (() => void) | undefined;
    const stop = () => stream?.getTracks().forEach((track) => track.stop());
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
          audio: false,
        });
        const element = video.current;
        if (stopped || !element) return stop();
        element.srcObject = stream;
        await element.play();
        if (stopped) return;
        setPlaying(true);
        stopUse = started.current?.(element);
      } catch {
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      stopUse?.();
      stop();
      setPlaying(false);
    };
  }, [active]);
  return { video, playing, failed };
}
