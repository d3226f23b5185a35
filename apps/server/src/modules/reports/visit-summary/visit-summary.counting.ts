// Counting over the aggregates' arrays (decision 038): reading a comma-separated list of integers
// quickly, and the median of the stays as the full computation gives it.

export type IntList = Int32Array;

const EMPTY = new Int32Array(0);

/** The integers of "12,-3,40" (as array_to_string writes an integer array); "" is none. */
export function parseInts(text: string): IntList {
  if (!text) return EMPTY;
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count += 1;
  const out = new Int32Array(count);
  let k = 0;
  let value = 0;
  let negative = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      out[k++] = negative ? -value : value;
      value = 0;
      negative = false;
    } else if (c === 45) negative = true;
    else value = value * 10 + (c - 48);
  }
  out[k] = negative ? -value : value;
  return out;
}

/**
 * The median of all the values of the lists, as percentile_cont(0.5) gives it, rounded to one decimal;
 * null when there are none.
 */
export function medianOf(lists: readonly IntList[]): number | null {
  let n = 0;
  for (const list of lists) n += list.length;
  if (n === 0) return null;
  const all = new Int32Array(n);
  let k = 0;
  for (const list of lists) {
    all.set(list, k);
    k += list.length;
  }
  all.sort();
  const middle = (n - 1) / 2;
  const lo = all[Math.floor(middle)]!;
  const hi = all[Math.ceil(middle)]!;
  return Math.round((lo + (hi - lo) * (middle - Math.floor(middle))) * 10) / 10;
}
