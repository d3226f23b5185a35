// Watchlist screening's cost to a sign-in (issue 29, decision 051), PostgreSQL: the big company's API
// sign-ins, one person each at a gentle rate (no queueing), first with an empty watchlist and then with
// 10,000 entries (20,000 names and aliases, Latin and Arabic, none of them alike to the people signed
// in), in alternating phases so that drift in the machine falls on both. The figure is the p95 added.
// The entries are written by SQL with the keys the app computes (name-keys.ts) and removed after.
import pg from 'pg';
import path from 'node:path';
import { nameKeys } from '../../packages/shared/src/watchlist/name-keys';
import { BENCH_DIR } from '../dataset/data-set';
import type { SignInResult } from '../load/sign-ins';
import type { Row } from '../lib/report';
import { latency, ms } from '../lib/stats';
import { big, runLoad, waitUntilIdle, type CaseContext } from './context';
import { signInSettings } from './sign-ins';

const SCRIPT = path.join(BENCH_DIR, 'load/sign-ins.ts');
export const WATCHLIST_ENTRIES = 10_000;
const TARGET_ADDED_MS = 10;
const PHASES = 6;
const RATE = 10;
const PHASE_SECONDS = 4;
/** The people the case signs in: each phase's, and a warm-up's. */
export const watchlistPeopleNeed = (PHASES + 1) * RATE * PHASE_SECONDS;

// Made-up names as varied as real ones (a seeded generator, the same each run): Latin names of two to
// four syllables, Arabic ones of three to six letters, a quarter of them Arabic. Every entry is at
// "notify": a made-up name may well be alike to someone signed in, who then comes in and is told of.
const CONSONANTS = 'bcdfghjklmnprstvwxyz';
const VOWELS = 'aeiouy';
const ARABIC_LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(29);
const from = (letters: string) => letters[Math.floor(random() * letters.length)]!;
function latinWord() {
  let word = '';
  for (let i = 0, n = 2 + Math.floor(random() * 3); i < n; i++) word += from(CONSONANTS) + from(VOWELS);
  return word[0]!.toUpperCase() + word.slice(1);
}
function arabicWord() {
  let word = '';
  for (let i = 0, n = 3 + Math.floor(random() * 4); i < n; i++) word += from(ARABIC_LETTERS);
  return word;
}
const entryName = (i: number) => (i % 4 === 3 ? `${arabicWord()} ${arabicWord()}` : `${latinWord()} ${latinWord()}`);

async function fillWatchlist(client: pg.Client, entityId: string) {
  await client.query('begin');
  for (let start = 0; start < WATCHLIST_ENTRIES; start += 1_000) {
    const ids: string[] = [];
    const names: string[] = [];
    const keyRows: [string, string, string, string, string][] = [];
    for (let i = start; i < start + 1_000; i++) {
      const id = `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`;
      const name = entryName(i);
      const alias = entryName(i);
      ids.push(id);
      names.push(name);
      for (const [kind, value] of [
        ['name', name],
        ['alias', alias],
      ] as const) {
        const k = nameKeys(value);
        keyRows.push([id, kind, value, k.plain, k.skeleton]);
      }
    }
    await client.query(
      `insert into watchlist_entries (entity_id, id, level, full_name, aliases, reason)
       select $1, id, 'notify', name, '{}', 'bench'
         from unnest($2::uuid[], $3::text[]) with ordinality as e(id, name, n)`,
      [entityId, ids, names],
    );
    await client.query(
      `insert into watchlist_keys (entity_id, id, entry_id, kind, value, plain, skeleton)
       select $1, gen_random_uuid(), entry_id, kind, value, plain, skeleton
         from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[]) as k(entry_id, kind, value, plain, skeleton)`,
      [entityId, ...[0, 1, 2, 3, 4].map((c) => keyRows.map((r) => r[c]))],
    );
  }
  await client.query('commit');
  await client.query('analyze watchlist_entries');
  await client.query('analyze watchlist_keys');
}

const emptyWatchlist = (client: pg.Client, entityId: string) =>
  client.query('delete from watchlist_entries where entity_id = $1', [entityId]);

export async function measureWatchlist(ctx: CaseContext): Promise<Row[]> {
  const company = big(ctx);
  const people = [...ctx.people.watchlist];
  const client = new pg.Client({ connectionString: ctx.copy.location });
  await client.connect();
  const samples = { off: [] as number[], on: [] as number[] };
  let errors = 0;
  let firstError: string | null = null;
  try {
    const phase = async (name: string) => {
      const settings = signInSettings(ctx, people.splice(0, RATE * PHASE_SECONDS), RATE, PHASE_SECONDS, name);
      const r = await runLoad<SignInResult>(ctx, SCRIPT, name, settings);
      errors += r.errors;
      firstError ??= r.firstError;
      await waitUntilIdle(ctx);
      return r.samples;
    };
    await phase('watchlist-warm-up');
    for (let i = 0; i < PHASES; i++) {
      const on = i % 2 === 1;
      if (on) await fillWatchlist(client, company.id);
      samples[on ? 'on' : 'off'].push(...(await phase(`watchlist-${on ? 'on' : 'off'}-${i}`)));
      if (on) await emptyWatchlist(client, company.id);
    }
  } finally {
    await emptyWatchlist(client, company.id).catch(() => undefined);
    await client.end();
  }
  const off = latency(samples.off);
  const on = latency(samples.on);
  const added = on.p95 - off.p95;
  return [
    {
      case: `watchlist: screening a sign-in against ${WATCHLIST_ENTRIES.toLocaleString('en')} entries`,
      database: ctx.kind,
      figure:
        `p95 ${ms(on.p95)} ms with the watchlist, ${ms(off.p95)} ms without: +${ms(Math.max(0, added))} ms ` +
        `(p50 ${ms(on.p50)} / ${ms(off.p50)} ms; ${on.n} + ${off.n} API sign-ins at ${RATE}/s in ${PHASES} alternating phases)` +
        (errors ? `; ${errors} failed: ${firstError}` : ''),
      against: `adds ≤ ${TARGET_ADDED_MS} ms at p95`,
      met: errors === 0 && on.n > 0 && off.n > 0 && added <= TARGET_ADDED_MS,
    },
  ];
}
