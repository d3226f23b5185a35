// The kiosk's few pages, as paths under /kiosk/ (the server answers each with the app's page): the
// welcome screen and the sign-in and sign-out flows. History entries, so the tablet's back gesture works.
import { useCallback, useEffect, useState } from 'react';

export const BASE = '/kiosk';
export const ROUTES = { welcome: `${BASE}/`, signIn: `${BASE}/sign-in`, signOut: `${BASE}/sign-out` } as const;
export type Route = keyof typeof ROUTES;

/** The page a path shows; anything unknown under /kiosk/ is the welcome screen. */
export function routeOf(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '');
  if (path === ROUTES.signIn) return 'signIn';
  if (path === ROUTES.signOut) return 'signOut';
  return 'welcome';
}

export function useRoute(): [Route, (to: Route) => void] {
  const [route, setRoute] = useState<Route>(() => routeOf(location.pathname));
  useEffect(() => {
    const follow = () => setRoute(routeOf(location.pathname));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const go = useCallback((to: Route) => {
    if (routeOf(location.pathname) !== to) history.pushState(null, '', ROUTES[to]);
    setRoute(to);
  }, []);
  return [route, go];
}
