// Spec "Route guards", as one function of the route being opened and the stored login result.
import { paths, routePermissions, standalonePaths, type RoutePath } from '@/config/paths';
import type { StoredSession } from '@/lib/session';

type RedirectTarget = typeof paths.login | typeof paths.sites | typeof paths.notFound;

export type GuardDecision =
  | { kind: 'continue' }
  | { kind: 'redirect'; to: RedirectTarget }
  /** The permission is off: a full load of the app's origin. */
  | { kind: 'reload-origin' };

const proceed: GuardDecision = { kind: 'continue' };
const redirectTo = (to: RedirectTarget): GuardDecision => ({ kind: 'redirect', to });

/** Decides whether a signed-in route may open; `routePath` is the route's pattern, e.g. /update/journey/$id. */
export function decideRoute(routePath: string, session: StoredSession | null): GuardDecision {
  if (!session) return redirectTo(paths.login);

  if (routePath === paths.systemCompanies) {
    return session.user.is_platform_admin ? proceed : redirectTo(paths.notFound);
  }

  switch (session.entity.package) {
    case 'Standalone':
      if (routePath === paths.company) return session.user.is_support ? proceed : redirectTo(paths.sites);
      return standalonePaths.includes(routePath as RoutePath) ? proceed : redirectTo(paths.sites);
    case 'Cloud': {
      // The guard applies to Cloud packages only: 1 continues, 0 reloads, a missing entry continues.
      const permission = routePermissions[routePath as RoutePath];
      const entry = permission ? session.permissions[permission] : undefined;
      if (!entry) return proceed;
      return entry.allowed === 1 ? proceed : { kind: 'reload-origin' };
    }
    default:
      return redirectTo(paths.notFound);
  }
}
