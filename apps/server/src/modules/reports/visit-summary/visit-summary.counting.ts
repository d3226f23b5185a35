// Reading the aggregates' rows as the summary's statement sends them (decision 038): one text with a
// line per row, so a year's 15,000 rows and their million numbers cost the driver one value and are read
// here in one pass into typed arrays; the distinct people of groups of rows; and the median of the
// stays as the full computation gives it.

/** A row of `visit_day_arrivals` as the summary reads it; who arrived is people.subarray(from, to). */
export type ArrivalRecord = {
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

export type Arrivals = {
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
/** Rows read or counted between two breaths (a few milliseconds of work). */
const ROWS_A_STEP = 1000;

/** The integers of "12,-3,40" (as array_to_string writes an integer array); "" is none. */
export function parseInts(text: string): Int32Array {
  if (!text) return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === COMMA) count += 1;
  const out = new Int32Array(count);
  let k = 0;
  let value = 0;
  let negative = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
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
 * `breathe` lets the event loop serve others every so many rows.
 */
export async function readArrivals(
  text: string | null,
  arrivals: number,
  first: string,
  breathe: () => Promise<void>,
): Promise<Arrivals> {
  const heat = new Float64Array(8 * 24);
  if (!text) return { rows: [], people: new Int32Array(0), heat };
  // One person per arrival: `arrivals` is the rows' visits summed.
  const people = new Int32Array(arrivals);
  let stored = 0;
  const start = Date.parse(`${first}T00:00:00Z`);
  const rows: ArrivalRecord[] = [];
  let pos = 0;
  const field = () => {
    const end = text.indexOf(' ', pos);
    const value = text.slice(pos, end);
    pos = end + 1;
    return value;
  };
  while (pos < text.length) {
    if (rows.length % ROWS_A_STEP === ROWS_A_STEP - 1) await breathe();
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
      const c = text.charCodeAt(pos++);
      if (c === COMMA || c === SPACE) {
        if (any) people[stored++] = value;
        value = 0;
        any = false;
        if (c === SPACE) break;
      } else {
        value = value * 10 + (c - 48);
        any = true;
      }
    }
    // The arrivals per hour, up to the end of the line, added to the weekday's.
    const weekday = new Date(start + day * DAY_MS).getUTCDay() || 7;
    let hour = 0;
    value = 0;
    for (;;) {
      const c = pos < text.length ? text.charCodeAt(pos++) : NEWLINE;
      if (c === COMMA || c === NEWLINE) {
        heat[weekday * 24 + hour]! += value;
        hour += 1;
        value = 0;
        if (c === NEWLINE) break;
      } else value = value * 10 + (c - 48);
    }
    rows.push({ day, combo, visits, completed, micros, expected, from, to: stored });
  }
  return { rows, people, heat };
}

/**
 * The number of distinct people in each group of rows (indexes into `arrivals.rows`): a person is
 * counted once however many rows of the group name them.
 */
export async function distinctPeople(
  arrivals: Arrivals,
  groups: readonly (readonly number[])[],
  breathe: () => Promise<void>,
): Promise<number[]> {
  const { rows, people } = arrivals;
  const end = rows.length ? rows[rows.length - 1]!.to : 0;
  let max = 0;
  for (let i = 0; i < end; i++) if (people[i]! > max) max = people[i]!;
  // seen[ord] holds the number of the last group that counted that person.
  const seen = new Int32Array(max + 1);
  const out: number[] = [];
  let sinceBreath = 0;
  for (const [g, group] of groups.entries()) {
    const mark = g + 1;
    let n = 0;
    for (const index of group) {
      if (++sinceBreath === ROWS_A_STEP) {
        sinceBreath = 0;
        await breathe();
      }
      const row = rows[index]!;
      for (let i = row.from; i < row.to; i++) {
        const ord = people[i]!;
        if (seen[ord] !== mark) {
          seen[ord] = mark;
          n += 1;
        }
      }
    }
    out.push(n);
  }
  return out;
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
