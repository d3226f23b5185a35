import { createThreadPool } from '../../../lib/thread-pool';
import type { Bytes, CountedSummary, CountInput } from './visit-summary.counting';

// The visit summary's counting off the event loop (decision 038): about 100 ms of CPU for a year of a
// big company, which on the event loop held up every other request (the logbook's p95 went from 14 to
// 118 ms while four managers read the summary). It runs in a worker thread instead; the statement's
// text is handed over as bytes whose buffer is transferred, not copied. One thread: the machine's
// other core stays with the event loop, and summaries asked at once are counted in turn.

/** Threads counting summaries. */
export const COUNTING_THREADS = 1;
/** A thread idle this long stops, and its memory (a heap of its own) goes back: the summary is occasional. */
const IDLE_MS = 60_000;

const pool = createThreadPool<CountInput, CountedSummary>({
  name: 'visit summary counting',
  source: new URL('./visit-summary.counting-worker.ts', import.meta.url),
  bundled: 'visit-summary-counting-worker.js',
  threads: COUNTING_THREADS,
  idleMs: IDLE_MS,
});

/** A text as bytes in a buffer of its own, so it can be transferred. ASCII: a byte a character. */
export function bytesOf(text: string | null): Bytes | null {
  if (!text) return null;
  const bytes = new Uint8Array(text.length);
  new TextEncoder().encodeInto(text, bytes);
  return bytes;
}

/** Counts a summary on the least busy counting thread. */
export function countOffLoop(input: CountInput): Promise<CountedSummary> {
  const buffers = [input.rows, input.stays, input.late, input.early].flatMap((b) => (b ? [b.buffer] : []));
  return pool.run(input, buffers);
}
