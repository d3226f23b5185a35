// A kiosk back online replaying its offline queue with the kiosk app's own code: replayQueue
// (apps/kiosk/src/lib/offline-queue.ts: a batch at a time, in order, the next once the last is answered,
// stopping at a batch with an item to retry) over a queue kept in memory, each batch sent as
// POST /kiosk-device/replay with the app's replayBody and its answers read as sendReplay reads them
// (apps/kiosk/src/lib/offline-queue-store.ts). The bench runs it twice on the same queue: the second time
// as a kiosk whose answers were lost would send it again.
// Run by the bench in its own process:
//   node --import tsx bench/load/kiosk-replay.ts <settings.json>
import type { KioskReplayResponse, KioskReplayStatus } from '@app/shared/kiosks/device-visits';
import {
  memoryQueueStore,
  replayQueue,
  type QueuedAction,
  type ReplayAnswer,
} from '../../apps/kiosk/src/lib/offline-queue';
import { replayBody } from '../../apps/kiosk/src/lib/offline-queue-store';
import { readSettings, writeResult } from './child-io';

export type KioskReplaySettings = {
  baseUrl: string;
  /** The kiosk's device token. */
  token: string;
  /** The queue, oldest first, as the kiosk keeps it. */
  queue: QueuedAction[];
  out: string;
};

export type KioskReplayPass = {
  ms: number;
  /** Each batch's time, in order. */
  batchMs: number[];
  /** Items answered, by the server's status. */
  statuses: Partial<Record<KioskReplayStatus, number>>;
  /** Items sent, and left in the queue after (a batch with an item to retry, or one that failed, stops it). */
  sent: number;
  left: number;
  error: string | null;
};

const settings = readSettings<KioskReplaySettings>();
const store = memoryQueueStore();
for (const item of settings.queue) await store.add(item);

const batchMs: number[] = [];
const statuses: KioskReplayPass['statuses'] = {};
let error: string | null = null;

async function send(batch: QueuedAction[]): Promise<ReplayAnswer[]> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${settings.baseUrl}/api/v1/kiosk-device/replay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(replayBody(batch)),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST /kiosk-device/replay: ${res.status} ${text.slice(0, 300)}`);
    const answer = JSON.parse(text) as KioskReplayResponse;
    for (const r of answer.results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    return answer.results.map((r) => ({
      key: r.idempotency_key ?? '',
      result: r.status === 'already_left' ? 'done' : r.status,
    }));
  } catch (failure) {
    error ??= failure instanceof Error ? failure.message : String(failure);
    throw failure;
  } finally {
    batchMs.push(performance.now() - t0);
  }
}

const started = performance.now();
const report = await replayQueue(store, send);
const pass: KioskReplayPass = {
  ms: performance.now() - started,
  batchMs,
  statuses,
  sent: report.sent,
  left: report.left,
  error,
};
writeResult(settings.out, pass);
process.exit(0);
