// Wardens marking people at the muster point (bench/cases/emergency.ts): one mark per POST
// /api/v1/emergency/sessions/:id/marks, as a tap on the session page sends it, at a steady rate whether
// or not the last has answered (open loop), each for another person on the roll, from a few wardens'
// sessions in turn. Notes when each was sent (the machine's clock, to the microsecond), so the bench
// can time it to the other wardens' sockets (bench/load/emergency-wardens.ts, another process).
//   node --import tsx bench/load/emergency-marks.ts <settings.json>
import { randomUUID } from 'node:crypto';
import type { MarksInput } from '@app/shared/emergency/schemas';
import { latency, type Latency } from '../lib/stats';
import { readSettings, sleep, writeResult } from './child-io';
import { csrfOf } from '../lib/cookies';

export type MarksSettings = {
  baseUrl: string;
  sessionId: string;
  /** The marking wardens' session cookies (taking turns) and their index among the watching sockets. */
  markers: { cookie: string; socket: number }[];
  /** One roll entry per mark, in order; the first `warmup` are sent before the timed ones. */
  rollIds: string[];
  warmup: number;
  rate: number;
  out: string;
};

export type SentMark = {
  rollId: string;
  /** The marking warden's socket index (its own screen is not timed). */
  socket: number;
  /** When the POST was sent, ms since the epoch. */
  sentAt: number;
  warmup: boolean;
  status: number;
  error: string | null;
  /** The POST's own answer time. */
  answerMs: number;
};

export type MarksResult = { marks: SentMark[]; answer: Latency; rate: number };

const settings = readSettings<MarksSettings>();
const now = () => performance.timeOrigin + performance.now();
const url = `${settings.baseUrl}/api/v1/emergency/sessions/${settings.sessionId}/marks`;

const marks: SentMark[] = [];
const requests: Promise<void>[] = [];
const first = performance.now();
for (const [i, rollId] of settings.rollIds.entries()) {
  await sleep(Math.max(0, first + (i * 1000) / settings.rate - performance.now()));
  const marker = settings.markers[i % settings.markers.length]!;
  const body: MarksInput = {
    marks: [{ client_id: randomUUID(), roll_id: rollId, status: 'present', marked_at: new Date().toISOString() }],
  };
  const sent: SentMark = {
    rollId,
    socket: marker.socket,
    sentAt: now(),
    warmup: i < settings.warmup,
    status: 0,
    error: null,
    answerMs: NaN,
  };
  marks.push(sent);
  const t0 = performance.now();
  requests.push(
    fetch(url, {
      method: 'POST',
      headers: { cookie: marker.cookie, 'x-csrf-token': csrfOf(marker.cookie), 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (res) => {
        const text = await res.text();
        sent.answerMs = performance.now() - t0;
        sent.status = res.status;
        if (res.status !== 200) sent.error = `${res.status} ${text.slice(0, 200)}`;
      })
      .catch((error: unknown) => {
        sent.error = error instanceof Error ? error.message : String(error);
      }),
  );
}
await Promise.all(requests);
const timed = marks.filter((m) => !m.warmup);
const span = timed.length > 1 ? (timed.at(-1)!.sentAt - timed[0]!.sentAt) / 1000 : NaN;
const result: MarksResult = {
  marks,
  answer: latency(timed.filter((m) => m.error === null).map((m) => m.answerMs)),
  rate: timed.length > 1 ? (timed.length - 1) / span : NaN,
};
writeResult(settings.out, result);
process.exit(0);
