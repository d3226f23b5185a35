/**
 * The privacy manager's data: the retention view and the runs. A deletion also changes people and
 * their visits, whose own roots those mutations refresh.
 */
export const privacyRootKey = ['privacy'] as const;
export const privacyViewKey = [...privacyRootKey, 'view'] as const;
export const privacyRunsKey = [...privacyRootKey, 'runs'] as const;
