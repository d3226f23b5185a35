// The sign-ins and sign-outs a kiosk made while it could not reach the server (decision 045): kept on
// the tablet in the order they happened, each with its idempotency key and the time it really
// happened, and sent in that order when the network is back. An item leaves the queue only when the
// server has answered it (done, merged with a visit another kiosk made, or accepted for review): a
// network failure keeps it, and the next replay sends it again under the same key, so nothing is lost
// and nothing is counted twice.
import type { SignInPerson } from '@app/shared/visits/schemas';

export type QueuedAction =
  | { kind: 'sign_in'; key: string; occurred_at: string; person: SignInPerson; first_name: string }
  | {
      kind: 'sign_out';
      key: string;
      occurred_at: string;
      person_id: string;
      reason_id: string | null;
      first_name: string;
    };

/** What the server said of one replayed item. `retry`: not answered (the network failed again). */
export type ReplayAnswer = {
  key: string;
  result: 'done' | 'replayed' | 'merged' | 'needs_review' | 'refused' | 'retry';
};

/** Where the queue is kept: IndexedDB on the tablet, memory in tests. Items come back in the order added. */
export type QueueStore = {
  all: () => Promise<QueuedAction[]>;
  add: (item: QueuedAction) => Promise<void>;
  remove: (keys: string[]) => Promise<void>;
};

export type ReplayReport = { sent: number; answered: Record<ReplayAnswer['result'], number>; left: number };

const BATCH = 100;

/**
 * Sends the queue in order, a batch at a time, through `send` (which answers each item of its batch,
 * or throws when the server cannot be reached). Stops at the first batch that is not answered, so a
 * later item never overtakes an earlier one.
 */
export async function replayQueue(
  store: QueueStore,
  send: (batch: QueuedAction[]) => Promise<ReplayAnswer[]>,
): Promise<ReplayReport> {
  const answered: ReplayReport['answered'] = { done: 0, replayed: 0, merged: 0, needs_review: 0, refused: 0, retry: 0 };
  let sent = 0;
  const items = await store.all();
  for (let at = 0; at < items.length; at += BATCH) {
    const batch = items.slice(at, at + BATCH);
    let answers: ReplayAnswer[];
    try {
      answers = await send(batch);
    } catch {
      break;
    }
    sent += batch.length;
    const byKey = new Map(answers.map((a) => [a.key, a.result]));
    const settled = batch.filter((item) => {
      const result = byKey.get(item.key) ?? 'retry';
      answered[result] += 1;
      return result !== 'retry';
    });
    await store.remove(settled.map((item) => item.key));
    if (settled.length < batch.length) break;
  }
  return { sent, answered, left: (await store.all()).length };
}

/** A store in memory, for tests and for a browser without IndexedDB (nothing survives a reload). */
export function memoryQueueStore(): QueueStore {
  let items: QueuedAction[] = [];
  return {
    all: async () => [...items],
    add: async (item) => {
      if (!items.some((i) => i.key === item.key)) items.push(item);
    },
    remove: async (keys) => {
      const gone = new Set(keys);
      items = items.filter((i) => !gone.has(i.key));
    },
  };
}
