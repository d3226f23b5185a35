/**
 * Every integrations query sits under one root, and everything about one integration (its record,
 * what its directory offers, its runs, statistics, temporary users…) under its own scope: a change to
 * an integration refreshes all of it with one invalidation, and the list with another.
 */
export const integrationsRootKey = ['integrations'] as const;
export const integrationListKey = [...integrationsRootKey, 'list'] as const;
export const directoriesKey = [...integrationsRootKey, 'directories'] as const;
export const integrationNameKey = (name: string, id: string | null) =>
  [...integrationsRootKey, 'name', name.trim().toLowerCase(), id] as const;
export const googleAuthorizationKey = (authorizationId: string) =>
  [...integrationsRootKey, 'google-authorization', authorizationId] as const;

/**
 * One integration's data. The same scope as view-query-keys' `integrationDataKey` (the view's
 * statistics, temporary users, scans…), so a change made on either side reads the other's again; the
 * record itself has the same key on both sides too.
 */
export const integrationScopeKey = (id: string) => [...integrationsRootKey, id] as const;
export const integrationKey = (id: string) => [...integrationScopeKey(id), 'detail'] as const;
export const directoryOptionsKey = (id: string) => [...integrationScopeKey(id), 'directory-options'] as const;
export const integrationAreasKey = (id: string) => [...integrationScopeKey(id), 'areas'] as const;
export const integrationRunKey = (id: string, runId: string) => [...integrationScopeKey(id), 'run', runId] as const;
export const redirectTypeKey = (id: string) => [...integrationScopeKey(id), 'redirect-type'] as const;
