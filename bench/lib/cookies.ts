// The session cookies the bench signs in with: the CSRF token a state-changing request sends back.

/** The `csrf` cookie's value, for the `x-csrf-token` header. */
export const csrfOf = (cookie: string) => /(?:^|;\s*)csrf=([^;]+)/.exec(cookie)?.[1] ?? '';
