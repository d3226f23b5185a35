// Every visit-permit query (lists, a permit's assignments, a person's or a type's permits, checks)
// sits under one root key: any change to permits or assignments refreshes them all with one
// invalidation, since an assignment changes the permit's counts as well as the person's page.
export const visitPermitsRootKey = ['visit-permits'] as const;
