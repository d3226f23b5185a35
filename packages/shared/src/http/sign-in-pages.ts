// The sign-in pages are a document of their own (apps/web/sign-in.html): a person who is not signed in
// downloads the sign-in forms and what they need, not the router and the signed-in app. The server
// answers these paths with that document; the web app's route table takes them from here.
export const SIGN_IN_PAGES = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The emailed link that lets a browser sign in to an account paused after wrong passwords. */
  unlockSignIn: '/unlock-sign-in',
} as const;

export type SignInPagePath = (typeof SIGN_IN_PAGES)[keyof typeof SIGN_IN_PAGES];

const SIGN_IN_PATHS: ReadonlySet<string> = new Set(Object.values(SIGN_IN_PAGES));

/** The sign-in page a path (no query, an optional trailing slash) opens, if any. */
export function signInPageOf(pathname: string): SignInPagePath | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return SIGN_IN_PATHS.has(path) ? (path as SignInPagePath) : undefined;
}
