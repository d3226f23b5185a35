/**
 * The queries a sign-in or sign-out changes: the dashboard's counts and logbook all sit under
 * ['visits'] (the real-time event refreshes other tabs; this tab does not wait for it). The sign-in
 * preview is kept apart, so an open form is not read again under the person's hands.
 */
export const visitQueryKeys = [['visits']] as const;
