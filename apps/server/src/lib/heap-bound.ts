// A bulk job's bound on the garbage it leaves: a directory sync or migration of 50,000 people holds a
// batch across each database round trip, so the batch outlives two young-generation collections and is
// moved to the old generation, which V8 collects only when it has grown by some multiple of what
// survived the last collection. Nothing is kept, yet the process grows by hundreds of MB that it then
// keeps. Checked after each batch, a heap that has grown past `allowanceMb` since the job began (or
// since the last collection) is collected at once: at 50,000 people a few collections of some 30 ms.
// Only where node runs with --expose-gc (`npm start` does); elsewhere it does nothing.

type Gc = () => void;

/** What the bound reads and calls: the process's own heap and V8's collector by default. */
export type HeapProbe = { gc: Gc | undefined; heapUsed: () => number };

const processHeap = (): HeapProbe => ({
  gc: (globalThis as { gc?: Gc }).gc,
  heapUsed: () => process.memoryUsage().heapUsed,
});

export function heapBound(allowanceMb = 64, probe: HeapProbe = processHeap()) {
  const allowance = allowanceMb * 1024 * 1024;
  let base = probe.heapUsed();
  let collections = 0;
  return {
    /** Collects the heap when it has grown past the allowance; answers whether it did. */
    check(): boolean {
      if (!probe.gc) return false;
      if (probe.heapUsed() - base < allowance) return false;
      probe.gc();
      collections += 1;
      base = probe.heapUsed();
      return true;
    },
    get collections() {
      return collections;
    },
  };
}
