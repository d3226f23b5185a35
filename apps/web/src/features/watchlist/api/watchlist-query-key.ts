/**
 * Every watchlist query sits under this key: a change to an entry, a decision or the settings refreshes
 * what shows it with one invalidation.
 */
export const watchlistRootKey = ['watchlist'] as const;
export const watchlistEntriesKey = [...watchlistRootKey, 'entries'] as const;
export const watchlistScreeningsKey = [...watchlistRootKey, 'screenings'] as const;
export const watchlistSettingsKey = [...watchlistRootKey, 'settings'] as const;
