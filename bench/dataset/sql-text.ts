// Small pieces of SQL text for the bulk loaders. Only the generator's own constants go through them,
// never input from outside.

/** One connection: temporary tables live as long as it does, so every statement must use it. */
export type SqlSession = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
};

export const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export const textArray = (items: readonly string[]) => `array[${items.map(literal).join(', ')}]::text[]`;

/**
 * A UUID v7 made from a row's time: the first 48 bits are the Unix milliseconds of `timestamp`, the
 * version nibble is 7, the rest is random (gen_random_uuid already sets the variant bits). Rows made
 * for the same moment sort in any order, as the app's own ids do (apps/server/src/lib/ids.ts).
 */
export const uuid7 = (timestamp: string) =>
  `overlay(overlay(replace(gen_random_uuid()::text, '-', '') placing lpad(to_hex((extract(epoch from ${timestamp}) * 1000)::bigint), 12, '0') from 1) placing '7' from 13)::uuid`;

/** `list[1 + floor(r * length)]`: an element picked by a random number in [0, 1). */
export const pick = (list: readonly string[], random: string) =>
  `(${textArray(list)})[1 + floor(${random} * ${list.length})::int]`;

/** `($1, $2), ($3, $4)`: the value lists of a multi-row INSERT of `rows` rows of `width` columns. */
export const placeholders = (rows: number, width: number) =>
  Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`,
  ).join(', ');
