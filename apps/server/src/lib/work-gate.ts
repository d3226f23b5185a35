// Heavy reads a few at a time: work past the gate's slots waits its turn, in the order it came, and
// past `maxWaiting` waiting it is refused at once, so a queue cannot grow without end.

export type WorkGate = {
  /** Runs `work` when a slot is free; throws `GateFull` when `maxWaiting` are already waiting. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Works running and waiting now. */
  readonly running: number;
  readonly waiting: number;
};

export class GateFull extends Error {
  constructor() {
    super('every slot is taken and the queue is full');
  }
}

export function workGate({ slots, maxWaiting }: { slots: number; maxWaiting: number }): WorkGate {
  if (!(slots >= 1)) throw new RangeError('a gate needs at least one slot');
  let running = 0;
  const waiting: (() => void)[] = [];

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running < slots) running++;
    else if (waiting.length >= maxWaiting) throw new GateFull();
    // A slot that frees is handed to the first waiting work directly: `running` stays as it is.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  return {
    run,
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
