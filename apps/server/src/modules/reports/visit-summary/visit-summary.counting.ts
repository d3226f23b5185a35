// The visit summary's counting from the aggregates' rows (decision 038), off the event loop: the
// statement sends the rows as one text with a line per row, so a year's rows and their million numbers
// cost the driver one value; that text comes here as bytes (handed to the counting worker, not copied)
// and is read in one pass into typed arrays. From it: the groups (total, day, site, area, user type,
// weekday and hour, reasons) with their sums, the distinct people of each group and the median of the
// stays as the full computation gives it. Pure and synchronous: it runs in a worker thread.
import type { SummaryGroupKind } from './visit-summary.repository';

/** Text as bytes in a buffer of their own, which can be transferred to another thread. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** What the summary's statement read, as bytes (ASCII): see `readRows` for the rows' shape. */
export type CountInput = {
  rows: Bytes | null;
  /** All the stays in whole minutes, comma-separated. */
  stays: Bytes | null;
  /** The late and early reasons given (ids), comma-separated, once per arrival. */
  late: Bytes | null;
  early: Bytes | null;
  /** The rows' visits summed. */
  arrivals: number;
  /** The period's first day (YYYY-MM-DD). */
  from: string;
  /** The company's day now, in days after `from`: expected visits of earlier days count as no-shows. */
  todayOffset: number;
};

export type CountedGroup = {
  kind: SummaryGroupKind;
  day: string | null;
  siteId: string | null;
  areaId: string | null;
  userTypeId: string | null;
  weekday: number | null;
  hour: number | null;
  reasonId: string | null;
  visits: number;
  completed: number;
  micros: bigint;
  /** Whether the group is made of rows: its people are counted and it has an average stay. */
  counted: boolean;
  people: number;
};

export type CountedSummary = { groups: CountedGroup[]; median: number | null; noShows: number };

/** A row of `visit_day_arrivals` as the summary reads it; who arrived is people.subarray(from, to). */
type ArrivalRecord = {
  /** Days after the period's first. */
  day: number;
  /** The row's site, area and user type ("-" for none), separated by spaces. */
  combo: string;
  visits: number;
  completed: number;
  micros: bigint;
  expected: number;
  from: number;
  to: number;
};

type Arrivals = {
  rows: ArrivalRecord[];
  /** Who arrived, once per arrival, row after row. */
  people: Int32Array;
  /** Arrivals per ISO weekday (1-7) and hour: index weekday * 24 + hour. */
  heat: Float64Array;
};

const SPACE = 32;
const COMMA = 44;
const NEWLINE = 10;
const MINUS = 45;
const DAY_MS = 86_400_000;
const latin1 = new TextDecoder('latin1');

/** The integers of "12,-3,40" (as array_to_string writes an integer array); empty is none. */
export function parseInts(bytes: Uint8Array | null): Int32Array {
  if (!bytes || bytes.length === 0) return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === COMMA) count += 1;
  const out = new Int32Array(count);
  let k = 0;
  let value = 0;
  let negative = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === COMMA) {
      out[k++] = negative ? -value : value;
      value = 0;
      negative = false;
    } else if (c === MINUS) negative = true;
    else value = value * 10 + (c - 48);
  }
  out[k] = negative ? -value : value;
  return out;
}

/**
 * The rows as the summary's statement writes them, a line each: the day (days after `first`), the site,
 * the area, the user type, visits, completed, the stays' microseconds, expected, who arrived and the
 * arrivals per hour (comma-separated lists), separated by spaces. `arrivals`: the rows' visits summed.
 */
export function readRows(bytes: Uint8Array | null, arrivals: number, first: string): Arrivals {
  const heat = new Float64Array(8 * 24);
  if (!bytes || bytes.length === 0) return { rows: [], people: new Int32Array(0), heat };
  // One person per arrival: `arrivals` is the rows' visits summed.
  const people = new Int32Array(arrivals);
  let stored = 0;
  const start = Date.parse(`${first}T00:00:00Z`);
  const rows: ArrivalRecord[] = [];
  let pos = 0;
  const field = () => {
    const end = bytes.indexOf(SPACE, pos);
    const value = latin1.decode(bytes.subarray(pos, end));
    pos = end + 1;
    return value;
  };
  while (pos < bytes.length) {
    const day = Number(field());
    const combo = `${field()} ${field()} ${field()}`;
    const visits = Number(field());
    const completed = Number(field());
    const micros = BigInt(field());
    const expected = Number(field());
    // Who arrived, up to the space.
    const from = stored;
    let value = 0;
    let any = false;
    for (;;) {
      const c = bytes[pos++];
      if (c === COMMA || c === SPACE) {
        if (any) people[stored++] = value;
        value = 0;
        any = false;
        if (c === SPACE) break;
      } else {
        value = value * 10 + (c! - 48);
        any = true;
      }
    }
    // The arrivals per hour, up to the end of the line, added to the weekday's.
    const weekday = new Date(start + day * DAY_MS).getUTCDay() || 7;
    let hour = 0;
    value = 0;
    for (;;) {
      const c = pos < bytes.length ? bytes[pos++] : NEWLINE;
      if (c === COMMA || c === NEWLINE) {
        heat[weekday * 24 + hour]! += value;
        hour += 1;
        value = 0;
        if (c === NEWLINE) break;
      } else value = value * 10 + (c! - 48);
    }
    rows.push({ day, combo, visits, completed, micros, expected, from, to: stored });
  }
  return { rows, people, heat };
}

/**
 * The number of distinct people in each group of rows (indexes into `arrivals.rows`): a person is
 * counted once however many rows of the group name them.
 */
export function distinctPeople(arrivals: Arrivals, groups: readonly (readonly number[])[]): number[] {
  const { rows, people } = arrivals;
  const end = rows.length ? rows[rows.length - 1]!.to : 0;
  let max = 0;
  for (let i = 0; i < end; i++) if (people[i]! > max) max = people[i]!;
  // seen[ord] holds the number of the last group that counted that person.
  const seen = new Int32Array(max + 1);
  return groups.map((group, g) => {
    const mark = g + 1;
    let n = 0;
    for (const index of group) {
      const row = rows[index]!;
      for (let i = row.from; i < row.to; i++) {
        const ord = people[i]!;
        if (seen[ord] !== mark) {
          seen[ord] = mark;
          n += 1;
        }
      }
    }
    return n;
  });
}

/**
 * The median of the values, as percentile_cont(0.5) gives it, rounded to one decimal; null when there
 * are none.
 */
export function medianOf(values: Int32Array): number | null {
  const n = values.length;
  if (n === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  // The values at 0-based positions lo and hi of the sorted values, by counting when the range is small.
  const middle = (n - 1) / 2;
  const positions = [Math.floor(middle), Math.ceil(middle)];
  let found: number[];
  if (max - min <= 4_000_000) {
    const counts = new Uint32Array(max - min + 1);
    for (let i = 0; i < n; i++) counts[values[i]! - min]! += 1;
    found = positions.map((p) => {
      let seen = 0;
      for (let i = 0; i < counts.length; i++) {
        seen += counts[i]!;
        if (p < seen) return i + min;
      }
      return max;
    });
  } else {
    const sorted = Int32Array.from(values).sort();
    found = positions.map((p) => sorted[p]!);
  }
  const [lo, hi] = found as [number, number];
  return Math.round((lo + (hi - lo) * (middle - Math.floor(middle))) * 10) / 10;
}

type Group = Omit<CountedGroup, 'counted' | 'people'> & {
  /** The rows (indexes) whose people the group counts. */
  rows: number[];
};

/** The summary's groups, their distinct people, the median stay and the no-shows. */
export function countSummary(input: CountInput): CountedSummary {
  const arrivals = readRows(input.rows, input.arrivals, input.from);
  const first = Date.parse(`${input.from}T00:00:00Z`);
  const groups = new Map<string, Group>();
  const group = (key: string, init: Omit<Group, 'visits' | 'completed' | 'micros' | 'rows'>) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ...init, visits: 0, completed: 0, micros: 0n, rows: [] }));
    return g;
  };
  const none = { day: null, siteId: null, areaId: null, userTypeId: null, weekday: null, hour: null, reasonId: null };
  const total = group('total', { kind: 'total', ...none });
  let noShows = 0;
  // Each row adds to its day's group and to its combination of site, area and user type; the site,
  // area, user type and total groups are then made of the combinations' sums and rows.
  const byDay = new Map<number, Group>();
  const byCombo = new Map<string, Group>();
  arrivals.rows.forEach((r, i) => {
    if (r.day < input.todayOffset) noShows += r.expected;
    if (r.visits <= 0) return;
    let dayGroup = byDay.get(r.day);
    if (!dayGroup) {
      const day = new Date(first + r.day * DAY_MS).toISOString().slice(0, 10);
      byDay.set(r.day, (dayGroup = group(`day|${day}`, { kind: 'day', ...none, day })));
    }
    let combo = byCombo.get(r.combo);
    if (!combo)
      byCombo.set(r.combo, (combo = { kind: 'total', ...none, visits: 0, completed: 0, micros: 0n, rows: [] }));
    for (const g of [dayGroup, combo]) {
      g.visits += r.visits;
      g.completed += r.completed;
      g.micros += r.micros;
      g.rows.push(i);
    }
  });
  for (const [key, combo] of byCombo) {
    const [siteId, areaId, type] = key.split(' ') as [string, string, string];
    const userTypeId = type === '-' ? null : type;
    for (const g of [
      total,
      group(`site|${siteId}`, { kind: 'site', ...none, siteId }),
      group(`area|${siteId}|${areaId}`, { kind: 'area', ...none, siteId, areaId }),
      group(`user_type|${type}`, { kind: 'user_type', ...none, userTypeId }),
    ]) {
      g.visits += combo.visits;
      g.completed += combo.completed;
      g.micros += combo.micros;
      for (const row of combo.rows) g.rows.push(row);
    }
  }
  arrivals.heat.forEach((visits, slot) => {
    if (visits > 0) group(`hour|${slot}`, { kind: 'hour', ...none, weekday: Math.floor(slot / 24), hour: slot % 24 }).visits = visits; // prettier-ignore
  });
  for (const kind of ['late', 'early'] as const) {
    const text = input[kind];
    if (!text || text.length === 0) continue;
    for (const reasonId of latin1.decode(text).split(',')) group(`${kind}|${reasonId}`, { kind, ...none, reasonId }).visits += 1; // prettier-ignore
  }

  const list = [...groups.values()];
  const counted = list.filter((g) => g.rows.length > 0 || g.kind === 'total');
  const people = distinctPeople(
    arrivals,
    counted.map((g) => g.rows),
  );
  const distinct = new Map(counted.map((g, i) => [g, people[i] ?? 0]));
  return {
    groups: list.map((g) => ({
      kind: g.kind,
      day: g.day,
      siteId: g.siteId,
      areaId: g.areaId,
      userTypeId: g.userTypeId,
      weekday: g.weekday,
      hour: g.hour,
      reasonId: g.reasonId,
      visits: g.visits,
      completed: g.completed,
      micros: g.micros,
      counted: distinct.has(g),
      people: distinct.get(g) ?? 0,
    })),
    median: medianOf(parseInts(input.stays)),
    noShows,
  };
}
