import { describe, expect, it } from 'vitest';
import { heapBound } from './heap-bound';

const MB = 1024 * 1024;

/** A heap that grows by what the test allocates and keeps only `live` after a collection. */
function fakeHeap(live: number) {
  const heap = { used: live, gcs: 0 };
  return {
    heap,
    probe: {
      gc: () => {
        heap.gcs += 1;
        heap.used = live;
      },
      heapUsed: () => heap.used,
    },
  };
}

describe('heapBound', () => {
  it('collects once the heap has grown past the allowance since the last look, and only then', () => {
    const { heap, probe } = fakeHeap(50 * MB);
    const bound = heapBound(64, probe);
    heap.used += 63 * MB;
    expect(bound.check()).toBe(false);
    heap.used += 2 * MB;
    expect(bound.check()).toBe(true);
    expect(heap.gcs).toBe(1);
    expect(heap.used).toBe(50 * MB);
    heap.used += 10 * MB;
    expect(bound.check()).toBe(false);
    expect(bound.collections).toBe(1);
  });

  it('measures from what survived the collection, not from the start', () => {
    let live = 50 * MB;
    const heap = { used: live };
    const bound = heapBound(64, { gc: () => (heap.used = live), heapUsed: () => heap.used });
    heap.used += 70 * MB;
    live = 80 * MB;
    expect(bound.check()).toBe(true);
    heap.used = 80 * MB + 63 * MB;
    expect(bound.check()).toBe(false);
  });

  it('does nothing where node gives no collector', () => {
    const bound = heapBound(1, { gc: undefined, heapUsed: () => 1_000 * MB });
    expect(bound.check()).toBe(false);
    expect(bound.collections).toBe(0);
  });
});
