// The offline queue kept in the kiosk's IndexedDB (lib/data-cache.ts), and its replay through
// POST /kiosk-device/replay (decision 045): what the server answered for each item, in the queue's terms.
import type { DeviceApi } from './device-api';
import { addQueued, readQueue, removeQueued } from './data-cache';
import type { QueuedAction, QueueStore, ReplayAnswer } from './offline-queue';

export const indexedQueueStore: QueueStore = {
  all: async () => (await readQueue()).map((record) => record.body as QueuedAction),
  add: (item) => addQueued({ key: item.key, kind: item.kind, at: item.occurred_at, body: item }),
  remove: removeQueued,
};

type ReplayResult = { idempotency_key: string; status: ReplayAnswer['result'] | 'already_left' };

/** The replay's body for a batch: each item as the server reads it. */
export const replayBody = (batch: QueuedAction[]) => ({
  items: batch.map((item) =>
    item.kind === 'sign_in'
      ? { kind: 'sign_in', idempotency_key: item.key, occurred_at: item.occurred_at, people: [item.person] }
      : {
          kind: 'sign_out',
          idempotency_key: item.key,
          occurred_at: item.occurred_at,
          person_ids: [item.person_id],
          reason_id: item.reason_id,
        },
  ),
});

/** Sends one batch; every item the server answered leaves the queue, `retry` ones stay. */
export async function sendReplay(api: DeviceApi, batch: QueuedAction[]): Promise<ReplayAnswer[]> {
  const answer = await api.json<{ results: ReplayResult[] }>('POST', '/kiosk-device/replay', replayBody(batch));
  return answer.results.map((r) => ({
    key: r.idempotency_key,
    result: r.status === 'already_left' ? 'done' : r.status,
  }));
}
