// The kiosk's own log: the recent lines kept in memory (sent with pull_database), and sent to the
// kiosk logs while its logging is on (remote action kiosk_logging), in batches.
import { LIMITS } from './limits';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogLine = { level: LogLevel; message: string; at: string };

const KEPT = 200;

export type KioskLog = {
  write: (level: LogLevel, message: string) => void;
  recent: () => LogLine[];
  /** Lines written since the last take, at most `max` (the oldest first); they are gone from the outbox. */
  take: (max?: number) => LogLine[];
  /** Puts lines that could not be sent back at the front of the outbox. */
  putBack: (lines: LogLine[]) => void;
  sending: (on: boolean) => void;
};

export function createKioskLog(now: () => Date = () => new Date()): KioskLog {
  const kept: LogLine[] = [];
  let outbox: LogLine[] = [];
  let on = false;
  return {
    write(level, message) {
      const line: LogLine = {
        level,
        message: message.trim().slice(0, LIMITS.logMessageMax) || '(empty)',
        at: now().toISOString(),
      };
      kept.push(line);
      if (kept.length > KEPT) kept.splice(0, kept.length - KEPT);
      if (on) {
        outbox.push(line);
        if (outbox.length > KEPT) outbox.splice(0, outbox.length - KEPT);
      }
    },
    recent: () => [...kept],
    take(max: number = LIMITS.logLinesMax) {
      const lines = outbox.slice(0, max);
      outbox = outbox.slice(lines.length);
      return lines;
    },
    putBack(lines) {
      if (on) outbox = [...lines, ...outbox].slice(-KEPT);
    },
    sending(next) {
      on = next;
      if (!on) outbox = [];
    },
  };
}

/** The app's one log. */
export const kioskLog = createKioskLog();
