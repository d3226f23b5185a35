import { Worker } from 'node:worker_threads';
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

type Pending = { resolve: (result: CountedSummary) => void; reject: (err: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending>; idle?: NodeJS.Timeout };
type Reply = { id: number; result?: CountedSummary; error?: string };

const threads: Thread[] = [];
let nextId = 0;

/**
 * A counting thread. From the sources (tests, `tsx`) the worker is the TypeScript file, loaded through
 * tsx's loader; from the bundle it is the bundled worker beside server.js (scripts/build.ts).
 */
function spawn(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const target = JSON.stringify(new URL('./visit-summary.counting-worker.ts', here).href);
    return new Worker(`import('tsx/esm/api').then((t) => { t.register(); return import(${target}); })`, {
      eval: true,
    });
  }
  return new Worker(new URL('./visit-summary-counting-worker.js', here));
}

function forget(thread: Thread) {
  const i = threads.indexOf(thread);
  if (i >= 0) threads.splice(i, 1);
}

function startThread(): Thread {
  const thread: Thread = { worker: spawn(), pending: new Map() };
  const fail = (err: Error) => {
    forget(thread);
    for (const p of thread.pending.values()) p.reject(err);
    thread.pending.clear();
  };
  thread.worker.on('message', ({ id, result, error }: Reply) => {
    const p = thread.pending.get(id);
    thread.pending.delete(id);
    // An idle thread does not keep the process alive, and stops after a while.
    if (thread.pending.size === 0) {
      thread.worker.unref();
      thread.idle = setTimeout(() => {
        if (thread.pending.size > 0) return;
        forget(thread);
        void thread.worker.terminate();
      }, IDLE_MS).unref();
    }
    if (!p) return;
    if (result) p.resolve(result);
    else p.reject(new Error(`visit summary counting failed: ${error ?? 'no answer'}`));
  });
  thread.worker.on('error', fail);
  thread.worker.on('exit', (code) => {
    if (threads.includes(thread)) fail(new Error(`visit summary counting thread stopped (${code})`));
  });
  thread.worker.unref();
  threads.push(thread);
  return thread;
}

/** A text as bytes in a buffer of its own, so it can be transferred. ASCII: a byte a character. */
export function bytesOf(text: string | null): Bytes | null {
  if (!text) return null;
  const bytes = new Uint8Array(text.length);
  new TextEncoder().encodeInto(text, bytes);
  return bytes;
}

/** Counts a summary on the least busy counting thread. */
export function countOffLoop(input: CountInput): Promise<CountedSummary> {
  const thread =
    threads.length < COUNTING_THREADS
      ? startThread()
      : threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  const id = nextId++;
  const buffers = [input.rows, input.stays, input.late, input.early].flatMap((b) => (b ? [b.buffer] : []));
  return new Promise<CountedSummary>((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    clearTimeout(thread.idle);
    thread.worker.ref();
    thread.worker.postMessage({ id, input }, buffers);
  });
}
