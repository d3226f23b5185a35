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
import { requestModals } from '@/lib/overlays';
import { reloadToOrigin } from '@/lib/navigation';
import { checkRecordIdParam } from '@/lib/record-id';
import { getStoredUser } from '@/lib/session';
import { ErrorScreen } from '@/components/ui/error-screen';
import { LAYOUT_NAMESPACES } from './dashboard-namespaces';
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
/** The address this document was loaded at (a path the app moved to since is not it). */
const documentPath = (): string => {
  const [entry] = performance.getEntriesByType('navigation');
  return new URL(entry?.name ?? window.location.href).pathname;
};

/**
 * A sign-in page, which the sign-in document shows (sign-in.html, served for these paths): the app
 * opening one loads that document at the address it moved to. When this document was itself loaded
 * at the address, the server answered it with the app instead: an error, not a reload loop.
 */
export const signInPage = <TPath extends string>(path: TPath) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: ({ location, preload }) => {
      if (preload) return;
      if (documentPath() === location.pathname) throw new Error(`${location.pathname} is the sign-in document's`);
      // The router has already put the address in the history: the load takes that entry's place.
      window.location.replace(location.href);
      return new Promise<never>(() => undefined);
    },
    errorComponent: () => <ErrorScreen standalone />,
  });

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
  // The signed-in app opens modals anywhere (`modals.open()` needs their provider listening): they load
  // once, with its first page. Toasts load with the first one shown (lib/notify.tsx).
  loader: () => requestModals().then(() => undefined),
  component: Outlet,
});

/** What the app layout (menu, top bar, real-time notices) shows besides the start namespaces. */

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
