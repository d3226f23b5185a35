// The routes every page hangs from (spec §2): the root, the signed-in route whose guard implements
// "Route guards", the app layout; and how a public, app or print page is made from its module and the
// catalogues it shows. Areas not built yet render a page that says so (config/paths comingSoonPaths).
import {
  Navigate,
  Outlet,
  createRootRoute,
  createRoute,
  lazyRouteComponent,
  redirect,
  type RouteComponent,
} from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { loadCatalogues } from '@/lib/i18n';
import { requestModals, requestNotifications } from '@/lib/overlays';
import { reloadToOrigin } from '@/lib/navigation';
import { checkRecordIdParam } from '@/lib/record-id';
import { getStoredUser } from '@/lib/session';
import { ErrorScreen } from '@/components/ui/error-screen';
import { decideRoute } from './route-guard';

const notFoundPage = lazyRouteComponent(() => import('./routes/not-found-page'), 'NotFoundPage');
// Areas not built yet (config/paths comingSoonPaths) say so plainly.
export const comingSoonPage = lazyRouteComponent(() => import('./routes/not-found-page'), 'ComingSoonPage');
const comingSoonContent = lazyRouteComponent(() => import('./routes/not-found-page'), 'ComingSoonContent');

export const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: () => <Navigate to={paths.notFound} replace />,
});

/** A page without the app layout; it renders once its module and the namespaces it shows have loaded. */
export const publicPage = <TPath extends string>(
  path: TPath,
  component: RouteComponent = notFoundPage,
  namespaces: readonly string[] = [],
) => createRoute({ getParentRoute: () => rootRoute, path, component, loader: () => loadCatalogues(namespaces) });
/** Spec "Route guards": every signed-in route sits under this one, with or without the app layout. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ matches, location, preload }) => {
    const decision = decideRoute(matches.at(-1)?.fullPath ?? location.pathname, getStoredUser());
    if (decision.kind === 'redirect') redirect({ to: decision.to, replace: true, throw: true });
    if (decision.kind === 'reload-origin' && !preload) {
      reloadToOrigin();
      // Nothing of the refused route renders while the page reloads.
      return new Promise<never>(() => undefined);
    }
  },
  // The signed-in app opens modals and toasts anywhere: they load once, with its first page.
  loader: () => Promise.all([requestModals(), requestNotifications()]).then(() => undefined),
  component: Outlet,
});

/** What the app layout (menu, top bar, real-time notices) shows besides the start namespaces. */
const LAYOUT_NAMESPACES = ['layout', 'events'];

export const appRoute = createRoute({
  getParentRoute: () => signedInRoute,
  id: 'app',
  component: lazyRouteComponent(() => import('./routes/authenticated-layout'), 'AuthenticatedLayout'),
  loader: () => loadCatalogues(LAYOUT_NAMESPACES),
});

const errorInLayout = () => <ErrorScreen standalone={false} />;

/**
 * A page in the app layout; it renders once its module and the namespaces it shows (besides the
 * layout's) have loaded, and after `wait` when given.
 */
export const appPage = <TPath extends string>(
  path: TPath,
  component: RouteComponent = comingSoonContent,
  namespaces: readonly string[] = [],
  wait?: () => Promise<void>,
) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    component,
    // A malformed id in the address (/update/journey/1) names nothing: the not-found page.
    beforeLoad: checkRecordIdParam,
    loader: () => Promise.all([loadCatalogues(namespaces), wait?.()]).then(() => undefined),
    errorComponent: errorInLayout,
  });
