// Every compliance query (list pages, one compliance, its can-edit check) sits under one root key, so a
// change refreshes them all with one invalidation.
export const compliancesRootKey = ['compliances'] as const;
