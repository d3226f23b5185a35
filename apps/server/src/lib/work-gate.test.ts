import { describe, expect, it } from 'vitest';
import { GateFull, workGate } from './work-gate';

/** A work that runs until `finish` is called, recording when it starts. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: async () => (log.push(name), await done, name) };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('workGate', () => {
  it('runs as many as it has slots, the rest in the order they came', async () => {
    const gate = workGate({ slots: 2, maxWaiting: 10 });
    const log: string[] = [];
    const works = ['a', 'b', 'c', 'd'].map((n) => held(log, n));
    const answers = works.map((w) => gate.run(w.work));
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect([gate.running, gate.waiting]).toEqual([2, 2]);

    works[1]!.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    works[0]!.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    for (const w of works) w.finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a work that fails', async () => {
    const gate = workGate({ slots: 1, maxWaiting: 1 });
    await expect(gate.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
    expect(gate.running).toBe(0);
  });

  it('refuses at once past the waiting it allows, and takes work again when there is room', async () => {
    const gate = workGate({ slots: 1, maxWaiting: 1 });
    const log: string[] = [];
    const first = held(log, 'first');
    const second = held(log, 'second');
    const running = gate.run(first.work);
    const queued = gate.run(second.work);
    await expect(gate.run(() => Promise.resolve('third'))).rejects.toBeInstanceOf(GateFull);
    first.finish();
    second.finish();
    expect(await Promise.all([running, queued])).toEqual(['first', 'second']);
    expect(await gate.run(() => Promise.resolve('fourth'))).toBe('fourth');
  });
});
