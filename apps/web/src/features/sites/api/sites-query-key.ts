// Every sites query (list pages and the tree) sits under one root key, so a change to a site or an
// area refreshes both with one invalidation (spec §4 "Modal state": lists reload after a change).
export const sitesRootKey = ['sites'] as const;
