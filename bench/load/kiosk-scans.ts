// QR scans at one kiosk, one person after another, each followed by the calls the kiosk app makes before
// it says "Welcome" (apps/kiosk/src/features/sign-in: kiosk-sign-in.tsx, api/kiosk-calls.ts):
//   POST /kiosk-device/resolve          whom the scanned code identifies
//   POST /kiosk-device/sign-in/preview  what their flow asks now
//   POST /kiosk-device/sign-in          the sign-in, with the answers of the flow's form as it opens
//                                       (kioskDraft: initialDraft, the reading aside, which couriers skip)
// What the person does on the flow's screens in between (the courier's optional host, skipped) is theirs,
// not the server's: the chain is the three calls back to back, timed from the first's send to the last's
// answer. The first `warmUp` people are not timed (the server compiles its code on its first calls).
// Run by the bench in its own process:
//   node --import tsx bench/load/kiosk-scans.ts <settings.json>
import { initialDraft, newIdempotencyKey, signInPersonBody } from '@app/shared/visits/sign-in-form';
import type { KioskResolved } from '@app/shared/kiosks/device-lookup';
import type { SignInPreview } from '@app/shared/visits/schemas';
import { latency, type Latency } from '../lib/stats';
import { readSettings, writeResult } from './child-io';

export type KioskScansSettings = {
  baseUrl: string;
  /** The kiosk's device token. */
  token: string;
  /** Who scans, in order: their id and the code their QR carries. */
  people: { id: string; qr: string }[];
  warmUp: number;
  out: string;
};

export type KioskScansResult = {
  timed: number;
  errors: number;
  firstError: string | null;
  chain: Latency;
  resolve: Latency;
  preview: Latency;
  signIn: Latency;
};

const settings = readSettings<KioskScansSettings>();

async function call<T>(path: string, body: unknown, expected: number): Promise<T> {
  const res = await fetch(`${settings.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== expected) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** One scan to "Welcome": the times of its three calls. */
async function scan(person: { id: string; qr: string }): Promise<[number, number, number]> {
  const t0 = performance.now();
  const found = await call<KioskResolved>('/kiosk-device/resolve', { kind: 'qr', code: person.qr }, 200);
  if (found.person.id !== person.id) throw new Error(`the QR of ${person.id} resolved to ${found.person.id}`);
  const t1 = performance.now();
  const preview = await call<SignInPreview>(
    '/kiosk-device/sign-in/preview',
    { person_ids: [found.person.id], expected_visit_ids: found.expected_visit ? [found.expected_visit.id] : [] },
    200,
  );
  const p = preview.people[0];
  if (!p || p.blocker || p.action === 'sign_out')
    throw new Error(`the preview of ${person.id} does not sign in: ${JSON.stringify(p?.blocker ?? p?.action)}`);
  const t2 = performance.now();
  await call(
    '/kiosk-device/sign-in',
    {
      people: [signInPersonBody(p, initialDraft(p))],
      idempotency_key: newIdempotencyKey('kiosk'),
      occurred_at: new Date().toISOString(),
    },
    201,
  );
  const t3 = performance.now();
  return [t1 - t0, t2 - t1, t3 - t2];
}

const parts: [number, number, number][] = [];
let errors = 0;
let firstError: string | null = null;
for (const [index, person] of settings.people.entries()) {
  try {
    const timed = await scan(person);
    if (index >= settings.warmUp) parts.push(timed);
  } catch (error) {
    errors++;
    firstError ??= error instanceof Error ? error.message : String(error);
  }
}

const result: KioskScansResult = {
  timed: parts.length,
  errors,
  firstError,
  chain: latency(parts.map(([a, b, c]) => a + b + c)),
  resolve: latency(parts.map((p) => p[0])),
  preview: latency(parts.map((p) => p[1])),
  signIn: latency(parts.map((p) => p[2])),
};
writeResult(settings.out, result);
process.exit(0);
