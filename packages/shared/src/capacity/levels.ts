// How full a place is (issue 29, decision 054): its count against its limit, read the same on the
// server, in the dashboard and in the tests.

export const CAPACITY_LEVELS = ['low', 'nearing', 'full', 'over'] as const;
export type CapacityLevel = (typeof CAPACITY_LEVELS)[number];

/** A place's limits: the people on site at once, and the visitors of one day. */
export const CAPACITY_LIMITS = { min: 1, max: 100_000, nearingMin: 50, nearingMax: 99, nearingDefault: 80 } as const;

/**
 * The level of `count` against `limit` (null: no limit, no level): over past it, full at it, nearing from
 * `nearingPercent` of it, low below.
 */
export function capacityLevel(count: number, limit: number | null, nearingPercent: number): CapacityLevel | null {
  if (limit === null) return null;
  if (count > limit) return 'over';
  if (count === limit) return 'full';
  return count * 100 >= limit * nearingPercent ? 'nearing' : 'low';
}

/** How many more a place takes now (null: no limit). */
export const roomLeft = (count: number, limit: number | null): number | null =>
  limit === null ? null : Math.max(0, limit - count);
