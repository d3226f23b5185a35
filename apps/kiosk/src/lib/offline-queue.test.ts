import { describe, expect, it } from 'vitest';
import { memoryQueueStore, replayQueue, type QueuedAction, type ReplayAnswer } from './offline-queue';

const ADA = '0190f6a0-0000-7000-8000-000000000001';
const item = (n: number, kind: 'sign_in' | 'sign_out' = 'sign_in'): QueuedAction =>
  kind === 'sign_in'
    ? {
        kind,
        key: `kiosk:${n}`,
        occurred_at: new Date(Date.UTC(2026, 11, 4, 8, n)).toISOString(),
        person: { person_id: ADA, compliances: [], host_ids: [], custom_fields: [] },
        first_name: 'Ada',
      }
    : {
        kind,
        key: `kiosk:${n}`,
        occurred_at: new Date(Date.UTC(2026, 11, 4, 8, n)).toISOString(),
        person_id: ADA,
        reason_id: null,
        first_name: 'Ada',
      };

describe('the offline queue’s replay', () => {
  it('sends everything in the order it happened, in batches, and empties the queue', async () => {
    const store = memoryQueueStore();
    for (let n = 0; n < 250; n++) await store.add(item(n, n % 2 ? 'sign_out' : 'sign_in'));
    const seen: string[] = [];
    const report = await replayQueue(store, async (batch) => {
      seen.push(...batch.map((b) => b.key));
      return batch.map((b): ReplayAnswer => ({ key: b.key, result: 'done' }));
    });
    expect(seen).toEqual(Array.from({ length: 250 }, (_, n) => `kiosk:${n}`));
    expect(report).toMatchObject({ sent: 250, left: 0, answered: { done: 250 } });
  });

  it('keeps what the server did not answer, and never lets a later item overtake it', async () => {
    const store = memoryQueueStore();
    for (let n = 0; n < 150; n++) await store.add(item(n));
    let calls = 0;
    const report = await replayQueue(store, async (batch) => {
      calls += 1;
      // The first batch: item 5 unanswered (the connection dropped mid-way on the server's side).
      return batch.map((b): ReplayAnswer => ({ key: b.key, result: b.key === 'kiosk:5' ? 'retry' : 'done' }));
    });
    expect(calls).toBe(1);
    expect(report.left).toBe(51);
    expect((await store.all())[0]!.key).toBe('kiosk:5');
  });

  it('keeps the whole queue when the server cannot be reached, and sends it again under the same keys', async () => {
    const store = memoryQueueStore();
    await store.add(item(1));
    await store.add(item(2));
    await store.add(item(1));
    const failed = await replayQueue(store, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(failed).toMatchObject({ sent: 0, left: 2 });
    const keys: string[] = [];
    const again = await replayQueue(store, async (batch) => {
      keys.push(...batch.map((b) => b.key));
      return batch.map((b): ReplayAnswer => ({
        key: b.key,
        result: b.key === 'kiosk:1' ? 'replayed' : 'needs_review',
      }));
    });
    expect(keys).toEqual(['kiosk:1', 'kiosk:2']);
    expect(again).toMatchObject({ left: 0, answered: { replayed: 1, needs_review: 1 } });
  });
});
