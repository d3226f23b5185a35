import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarksInput, MarksResult } from '@app/shared/emergency/schemas';
import { ApiError } from '@/lib/api-client';
import { enqueueMark, newClientId, readLastRoll, readQueue, saveLastRoll } from './mark-queue';
import { createMarkSender, type MarkSenderEvents } from './mark-sender';

const SESSION = '11111111-1111-4111-8111-111111111111';
const ROLL = '22222222-2222-4222-8222-222222222222';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const result: MarksResult = { entries: [], counts: { total: 1, present: 1, not_present: 0, out: 0 }, repeated: 0 };
const tap = (status: 'present' | 'out' = 'present') =>
  enqueueMark(SESSION, { client_id: newClientId(), roll_id: ROLL, status, marked_at: new Date().toISOString() });

function sender(send: (body: MarksInput) => Promise<MarksResult>, online = () => true) {
  const events = {
    send: vi.fn(send),
    onQueue: vi.fn(),
    onSending: vi.fn(),
    onReceived: vi.fn(),
    onRefused: vi.fn(),
    isOnline: online,
  } satisfies MarkSenderEvents;
  return { events, sender: createMarkSender(SESSION, events) };
}

describe('the mark queue', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps marks and the last roll in this browser, each mark with its own uuid', () => {
    tap();
    tap('out');
    const queue = readQueue(SESSION);
    expect(queue.map((m) => m.status)).toEqual(['present', 'out']);
    expect(queue[0]!.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(queue[0]!.client_id).not.toBe(queue[1]!.client_id);
    expect(readLastRoll(SESSION)).toBeNull();
    saveLastRoll(SESSION, { session: {} as never, roll: [] }, 42);
    expect(readLastRoll(SESSION)?.saved_at).toBe(42);
  });

  it('sends nothing offline, then everything once, with the same client ids, when back', async () => {
    let online = false;
    const bodies: MarksInput[] = [];
    const { events, sender: s } = sender(
      async (body) => {
        bodies.push(body);
        return result;
      },
      () => online,
    );
    tap();
    tap('out');
    await s.flush();
    expect(events.send).not.toHaveBeenCalled();
    online = true;
    await s.flush();
    await s.flush();
    expect(events.send).toHaveBeenCalledTimes(1);
    expect(bodies[0]!.marks.map((m) => m.status)).toEqual(['present', 'out']);
    expect(readQueue(SESSION)).toEqual([]);
    expect(events.onQueue).toHaveBeenLastCalledWith([]);
  });

  it('keeps the marks through a dropped connection and sends the same ones again later', async () => {
    const ids: string[][] = [];
    let fail = true;
    const { events, sender: s } = sender(async (body) => {
      ids.push(body.marks.map((m) => m.client_id));
      if (fail) throw new ApiError({ status: 0, code: 'network_error', message: 'offline' });
      return result;
    });
    tap();
    await s.flush();
    expect(readQueue(SESSION)).toHaveLength(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(events.send).toHaveBeenCalledTimes(2);
    expect(ids[1]).toEqual(ids[0]);
    expect(readQueue(SESSION)).toEqual([]);
  });

  it('drops the marks a refusal names and sends the others again', async () => {
    const { events, sender: s } = sender(async (body) => {
      if (body.marks.length === 2)
        throw new ApiError({
          status: 400,
          code: 'validation',
          message: 'unknown',
          fields: { 'marks.0.roll_id': ['x'] },
        });
      return result;
    });
    tap();
    tap('out');
    await s.flush();
    await vi.runAllTimersAsync();
    expect(events.onRefused).toHaveBeenCalledTimes(1);
    expect(events.send).toHaveBeenCalledTimes(2);
    expect(events.send.mock.calls[1]![0].marks.map((m) => m.status)).toEqual(['out']);
    expect(readQueue(SESSION)).toEqual([]);
  });

  it('drops everything when the session has ended', async () => {
    const { events, sender: s } = sender(async () => {
      throw new ApiError({ status: 409, code: 'emergency_session_ended', message: 'ended' });
    });
    tap();
    await s.flush();
    expect(events.onRefused).toHaveBeenCalledWith(expect.objectContaining({ code: 'emergency_session_ended' }));
    expect(readQueue(SESSION)).toEqual([]);
  });
});
