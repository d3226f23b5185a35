import type { MassResult } from '@app/shared/people/schemas';

/** At most this many skipped people are named in a toast; the rest are counted. */
export const SKIPPED_SHOWN = 5;

export type MassSummary = {
  done: number;
  /** Each skipped person by name, with the server's reason in the person's language. */
  skipped: { name: string; message: string }[];
  /** Skipped people beyond those named. */
  more: number;
};

/** What a mass action did, told with the names of the people it left out. */
export function summariseMassResult(
  result: MassResult,
  names: ReadonlyMap<string, string>,
  unknownName: string,
): MassSummary {
  const skipped = result.skipped.map((skip) => ({ name: names.get(skip.id) ?? unknownName, message: skip.message }));
  return {
    done: result.done.length,
    skipped: skipped.slice(0, SKIPPED_SHOWN),
    more: Math.max(0, skipped.length - SKIPPED_SHOWN),
  };
}
