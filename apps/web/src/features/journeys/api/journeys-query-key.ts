/** Every journeys query starts with this key, so one invalidation refreshes lists, journeys and flows. */
export const journeysRootKey = ['journeys'] as const;
