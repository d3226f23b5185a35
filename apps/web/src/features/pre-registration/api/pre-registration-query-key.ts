// Every answer these public pages read sits under one key, so a change through a link refreshes them all.
export const preRegistrationRootKey = ['pre-registration'] as const;
