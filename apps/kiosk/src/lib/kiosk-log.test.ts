import { describe, expect, it } from 'vitest';
import { createKioskLog } from './kiosk-log';

describe('the kiosk log', () => {
  it('keeps recent lines, and queues them for sending only while logging is on', () => {
    const log = createKioskLog(() => new Date('2026-03-07T10:00:00Z'));
    log.write('info', 'before');
    expect(log.take()).toEqual([]);
    log.sending(true);
    log.write('warn', '  after  ');
    expect(log.take()).toEqual([{ level: 'warn', message: 'after', at: '2026-03-07T10:00:00.000Z' }]);
    expect(log.take()).toEqual([]);
    expect(log.recent().map((l) => l.message)).toEqual(['before', 'after']);
  });

  it('sends at most the batch size at a time, oldest first, and takes back what failed', () => {
    const log = createKioskLog();
    log.sending(true);
    for (let i = 0; i < 120; i++) log.write('debug', `line ${i}`);
    const first = log.take();
    expect(first).toHaveLength(100);
    expect(first[0]!.message).toBe('line 0');
    log.putBack(first);
    expect(log.take(1)[0]!.message).toBe('line 0');
  });

  it('drops the outbox when logging goes off, and cuts long lines', () => {
    const log = createKioskLog();
    log.sending(true);
    log.write('error', 'x'.repeat(2000));
    log.sending(false);
    expect(log.take()).toEqual([]);
    expect(log.recent()[0]!.message).toHaveLength(1000);
  });
});
