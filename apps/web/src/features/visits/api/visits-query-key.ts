/** Everything the dashboard reads of visits (counts, the logbook, badges) sits under this key. */
export const visitsRootKey = ['visits'] as const;
