// The passport's pages as paths (history API, no router package): one table every link and redirect
// comes from, the page a path shows, and where a page may send the person back to afterwards.
import { useSyncExternalStore } from 'react';

export const paths = {
  home: '/',
  signIn: '/sign-in',
  signUp: '/sign-up',
  verify: '/verify',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  interaction: (uid: string) => `/interaction/${encodeURIComponent(uid)}`,
  profile: '/profile',
  security: '/security',
  sessions: '/sessions',
  invitations: '/invitations',
  visits: '/visits',
  onSite: '/on-site',
  share: '/share',
} as const;

export type Route =
  | { name: 'home' }
  | { name: 'signIn' }
  | { name: 'signUp' }
  | { name: 'verify' }
  | { name: 'forgotPassword' }
  | { name: 'resetPassword' }
  | { name: 'interaction'; uid: string }
  | { name: 'profile' }
  | { name: 'security' }
  | { name: 'sessions' }
  | { name: 'invitations' }
  | { name: 'visits' }
  | { name: 'onSite' }
  | { name: 'share' }
  | { name: 'notFound' };

type StaticRoute = Exclude<Route, { name: 'interaction' } | { name: 'notFound' }>['name'];

const STATIC: Record<string, StaticRoute> = {
  [paths.home]: 'home',
  [paths.signIn]: 'signIn',
  [paths.signUp]: 'signUp',
  [paths.verify]: 'verify',
  [paths.forgotPassword]: 'forgotPassword',
  [paths.resetPassword]: 'resetPassword',
  [paths.profile]: 'profile',
  [paths.security]: 'security',
  [paths.sessions]: 'sessions',
  [paths.invitations]: 'invitations',
  [paths.visits]: 'visits',
  [paths.onSite]: 'onSite',
  [paths.share]: 'share',
};

const INTERACTION = /^\/interaction\/([^/]+)$/;

/** The page a path shows; a trailing slash is the same page. */
export function matchRoute(pathname: string): Route {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const name = STATIC[path];
  if (name) return { name };
  const interaction = INTERACTION.exec(path);
  if (interaction) {
    try {
      return { name: 'interaction', uid: decodeURIComponent(interaction[1]!) };
    } catch {
      return { name: 'notFound' };
    }
  }
  return { name: 'notFound' };
}

/** Pages that only make sense signed out: never a place to come back to after signing in. */
const SIGNED_OUT_PAGES = new Set<Route['name']>(['signIn', 'signUp', 'forgotPassword', 'resetPassword', 'verify']);

/**
 * The `?return=` a page was given, if it names one of this app's own pages (never another origin, never
 * a sign-in page): a link from somewhere else cannot send the person off the passport after they sign in.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(value, 'https://passport.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'https://passport.invalid') return undefined;
  const route = matchRoute(url.pathname);
  if (route.name === 'notFound' || SIGNED_OUT_PAGES.has(route.name)) return undefined;
  return `${url.pathname}${url.search}`;
}

/** `path` with `?return=<back>` when there is somewhere to come back to. */
export function withReturn(path: string, back: string | undefined): string {
  const safe = safeReturnPath(back);
  return safe ? `${path}?${new URLSearchParams({ return: safe }).toString()}` : path;
}

/** The page to open once signed in: the `?return=` of `search`, if it is a safe one. */
export function returnPathOf(search: string): string | undefined {
  return safeReturnPath(new URLSearchParams(search).get('return'));
}

/**
 * Where to sign in on the way back to `back`: an application's sign-in page signs the person in itself,
 * any other page through the sign-in page.
 */
export function signInPathFor(back: string | undefined): string {
  const safe = safeReturnPath(back);
  if (safe && matchRoute(safe.split('?')[0]!).name === 'interaction') return safe;
  return withReturn(paths.signIn, safe);
}

// The current address, as a store React reads: history's own moves (back, forward) and ours.
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

const snapshot = () => `${location.pathname}${location.search}`;

/** Opens a page of the app; `replace` for redirects, so Back does not return to the page that redirected. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.scrollTo(0, 0);
  notify();
}

export type Location = { pathname: string; search: string; route: Route };

export function useLocation(): Location {
  const href = useSyncExternalStore(subscribe, snapshot);
  const index = href.indexOf('?');
  const pathname = index === -1 ? href : href.slice(0, index);
  const search = index === -1 ? '' : href.slice(index);
  return { pathname, search, route: matchRoute(pathname) };
}
