// A warden's phone outside the building loses its connection: what it showed and the marks tapped
// since are kept in this browser (localStorage, per session), so the page still shows the last roll
// after a reload and the marks go out when the connection is back. Each mark carries its own client id
// and the moment it was tapped: sent twice, it counts once, and it keeps its place among other
// wardens' marks (the latest made wins, decision 031).
import type { EmergencyStatus, SessionDetail } from '@app/shared/emergency/schemas';

export type QueuedMark = { client_id: string; roll_id: string; status: EmergencyStatus; marked_at: string };

const queueKey = (sessionId: string) => `emergency.marks.${sessionId}`;
const rollKey = (sessionId: string) => `emergency.roll.${sessionId}`;

/** A random (version 4) UUID; `crypto.randomUUID` exists only on https, a site's own server may not be. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

/** Writes, or answers false when the browser refuses (storage full or off): the page then keeps it in memory only. */
function write(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

const isMark = (value: unknown): value is QueuedMark => {
  const m = value as Partial<QueuedMark> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.client_id === 'string' &&
    typeof m.roll_id === 'string' &&
    typeof m.status === 'string' &&
    typeof m.marked_at === 'string'
  );
};

/** The marks waiting to be sent, oldest first. */
export function readQueue(sessionId: string): QueuedMark[] {
  const stored = read<unknown>(queueKey(sessionId));
  return Array.isArray(stored) ? stored.filter(isMark) : [];
}

export function writeQueue(sessionId: string, marks: readonly QueuedMark[]): void {
  if (marks.length === 0) localStorage.removeItem(queueKey(sessionId));
  else write(queueKey(sessionId), marks);
}

/** Adds a mark at the end of the queue and answers the queue. */
export function enqueueMark(sessionId: string, mark: QueuedMark): QueuedMark[] {
  const marks = [...readQueue(sessionId), mark];
  writeQueue(sessionId, marks);
  return marks;
}

/** Takes the marks the server has received out of the queue and answers what is left. */
export function removeMarks(sessionId: string, clientIds: ReadonlySet<string>): QueuedMark[] {
  const left = readQueue(sessionId).filter((mark) => !clientIds.has(mark.client_id));
  writeQueue(sessionId, left);
  return left;
}

export type SavedRoll = { detail: SessionDetail; saved_at: number };

/** The roll as the page last showed it (null when this browser never opened the session). */
export function readLastRoll(sessionId: string): SavedRoll | null {
  const saved = read<SavedRoll>(rollKey(sessionId));
  return saved && typeof saved.saved_at === 'number' && Array.isArray(saved.detail?.roll) ? saved : null;
}

export function saveLastRoll(sessionId: string, detail: SessionDetail, at = Date.now()): void {
  write(rollKey(sessionId), { detail, saved_at: at } satisfies SavedRoll);
}
