/** Text for a LIKE pattern, matched as written: `\`, `%` and `_` escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching text that contains `text` anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`;
