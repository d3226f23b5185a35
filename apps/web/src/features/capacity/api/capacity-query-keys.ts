// Occupancy and the requests to come in past a full place are read with the visits: under the visits
// root, a change to any visit reads them again (lib/data-tags.ts), and the dashboard reads them again
// when its connection comes back (lib/live-view.ts). The company's choices are data of their own.
export const occupancyRootKey = ['visits', 'capacity'] as const;
export const occupancyKey = [...occupancyRootKey, 'occupancy'] as const;
export const capacityApprovalsKey = [...occupancyRootKey, 'approvals'] as const;
export const capacitySettingsKey = ['capacity', 'settings'] as const;
