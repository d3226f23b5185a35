// A page's selected rows (the write-back scans, the attendance reasons): ids, kept across pages.

export const toggleOne = (selected: readonly string[], id: string, on: boolean): string[] =>
  on ? (selected.includes(id) ? [...selected] : [...selected, id]) : selected.filter((s) => s !== id);

/** The header checkbox: all the page's selectable rows on, or off. */
export const toggleAll = (selected: readonly string[], pageIds: readonly string[], on: boolean): string[] =>
  on ? [...new Set([...selected, ...pageIds])] : selected.filter((s) => !pageIds.includes(s));

/** The header checkbox's look: every row of the page selected, some, or none. */
export function headerState(selected: readonly string[], pageIds: readonly string[]): 'all' | 'some' | 'none' {
  const on = pageIds.filter((id) => selected.includes(id)).length;
  if (on === 0) return 'none';
  return on === pageIds.length ? 'all' : 'some';
}
