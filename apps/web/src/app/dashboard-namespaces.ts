/** The catalogues the app layout shows on every page besides the start ones (route-shells.tsx; the build's weighing). */
export const LAYOUT_NAMESPACES = ['layout', 'events'];

/**
 * The catalogues the dashboard shows besides the layout's (dashboard-routes.tsx; the build's weighing).
 * The sign-in flows' own words (custom fields, compliances) load with the flows (visit-actions.tsx).
 */
export const DASHBOARD_NAMESPACES = ['visits', 'sign-in', 'grid'];
