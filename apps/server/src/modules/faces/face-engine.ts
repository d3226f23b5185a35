import { createThreadPool } from '../../lib/thread-pool';
import type { FaceReading } from './face-model';

// The face model off the event loop (decision 050): one thread, started when a face ID is first asked
// for and stopped after a minute idle, so that an idle server does not hold the model (some 300 MB).
// Photos are read one after another.

const pool = createThreadPool<Uint8Array, FaceReading>({
  name: 'face reading',
  source: new URL('./face-worker.ts', import.meta.url),
  bundled: 'face-worker.js',
  threads: 1,
  idleMs: 60_000,
});

/** The faces of an image: one face's descriptor, or why there is none. */
export function readFacesOffLoop(image: Uint8Array): Promise<FaceReading> {
  const copy = new Uint8Array(image);
  return pool.run(copy, [copy.buffer]);
}

export const closeFaceEngine = () => pool.close();
