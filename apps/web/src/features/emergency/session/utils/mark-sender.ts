// Sends a session's queued marks (utils/mark-queue.ts) in batches, one request at a time: at once
// when there is a network, again after a dropped connection (2 s, 4 s, 8 s … at most every 30 s, and
// at once when the network or the real-time connection is back). A mark the server already has counts
// once (its client id); a refusal the server would give again drops the marks it names.
import { EMERGENCY_LIMITS, type MarksInput, type MarksResult } from '@app/shared/emergency/schemas';
import { ApiError } from '@/lib/api-client';
import { readQueue, removeMarks, type QueuedMark } from './mark-queue';

const retryDelay = (failures: number) => Math.min(30_000, 1_000 * 2 ** Math.min(failures, 5));

/** A refusal the server will give again (a timeout or a rate limit is tried again). */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/** The marks a 400 names (`marks.3.roll_id`). */
function refusedIndexes(error: ApiError): Set<number> {
  const indexes = new Set<number>();
  for (const field of Object.keys(error.fields)) {
    const m = /^marks\.(\d+)\./.exec(field);
    if (m) indexes.add(Number(m[1]));
  }
  return indexes;
}

export type MarkSenderEvents = {
  send: (body: MarksInput) => Promise<MarksResult>;
  /** The queue changed (marks received or dropped). */
  onQueue: (waiting: QueuedMark[]) => void;
  onSending: (sending: boolean) => void;
  /** The server's entries after a batch was received. */
  onReceived: (result: MarksResult) => void;
  /** The server refused marks for good: why. */
  onRefused: (error: ApiError) => void;
  isOnline?: () => boolean;
};

export type MarkSender = { flush: () => Promise<void>; resetBackoff: () => void; stop: () => void };

export function createMarkSender(sessionId: string, events: MarkSenderEvents): MarkSender {
  const online = events.isOnline ?? (() => navigator.onLine);
  let sending = false;
  let again = false;
  let failures = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const done = (marks: readonly QueuedMark[]) =>
    events.onQueue(removeMarks(sessionId, new Set(marks.map((mark) => mark.client_id))));

  async function flush(): Promise<void> {
    if (stopped) return;
    if (sending) {
      again = true;
      return;
    }
    clearTimeout(timer);
    if (!online()) return;
    const batch = readQueue(sessionId).slice(0, EMERGENCY_LIMITS.marksMax);
    if (batch.length === 0) return;
    sending = true;
    events.onSending(true);
    try {
      const result = await events.send({ marks: batch });
      failures = 0;
      done(batch);
      events.onReceived(result);
      if (readQueue(sessionId).length > 0) again = true;
    } catch (error) {
      if (isRefusal(error)) {
        const named = error.status === 400 ? refusedIndexes(error) : new Set<number>();
        // Only the marks the server named are refused (a person no longer on the roll): the rest go again.
        if (named.size > 0) {
          done(batch.filter((_, index) => named.has(index)));
          again = true;
        } else {
          done(batch);
        }
        events.onRefused(error);
      } else {
        failures += 1;
        if (!stopped) timer = setTimeout(() => void flush(), retryDelay(failures));
      }
    } finally {
      sending = false;
      events.onSending(false);
      if (again && !stopped) {
        again = false;
        void flush();
      }
    }
  }

  return {
    flush,
    resetBackoff: () => {
      failures = 0;
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
