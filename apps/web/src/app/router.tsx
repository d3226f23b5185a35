// The route tree (spec §2), built from the route table in config/paths: public routes render without
// the app layout (public-routes.tsx); signed-in routes sit under one layout route (route-shells.tsx)
// with the app's pages (dashboard-routes.tsx, operations-routes.tsx) and the printed pages.
import { Center, Loader } from '@mantine/core';
import { createRoute, createRouter, lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { TIMINGS } from '@app/shared/constants';
import { paths } from '@/config/paths';
import { loadCatalogues } from '@/lib/i18n';
import { registerNavigator } from '@/lib/navigation';
import { checkRecordIdParam } from '@/lib/record-id';
import { ErrorScreen } from '@/components/ui/error-screen';
import { dashboardRoutes } from './dashboard-routes';
import { operationsRoutes } from './operations-routes';
import { publicRoutes } from './public-routes';
import { appRoute, rootRoute, signedInRoute } from './route-shells';

const printPage = <TPath extends string>(path: TPath, component: RouteComponent, namespaces: readonly string[]) =>
  createRoute({
    getParentRoute: () => signedInRoute,
    path,
    component,
    beforeLoad: checkRecordIdParam,
    loader: () => loadCatalogues(namespaces),
  });

const printRoutes = [
  printPage(
    paths.quickPassPrint,
    lazyRouteComponent(() => import('@/features/users/components/quick-pass-print-page'), 'QuickPassPrintPage'),
    ['users'],
  ),
  printPage(
    paths.badgePrint,
    lazyRouteComponent(() => import('@/features/visits/components/badge-print-page'), 'BadgePrintPage'),
    ['visits'],
  ),
] as const;

const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  signedInRoute.addChildren([...printRoutes, appRoute.addChildren([...dashboardRoutes, ...operationsRoutes])]),
]);

function RoutePending() {
  return (
    <Center mih="50vh">
      <Loader />
    </Center>
  );
}

export const router = createRouter({
  routeTree,
  defaultPendingComponent: RoutePending,
  defaultPendingMs: 200,
  defaultErrorComponent: () => <ErrorScreen />,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

registerNavigator((href, { replace } = {}) => {
  void router.navigate({ href, replace });
});

/**
 * Spec "Navigation after actions": using the browser's back button reloads the page after 500 ms. A
 * navigation within those 500 ms cancels the reload, so it never wipes a page the person has moved on
 * to (and may be typing in).
 */
export function reloadOnBackNavigation(): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = router.history.subscribe(({ action }) => {
    clearTimeout(pending);
    pending =
      action.type === 'BACK' ? setTimeout(() => window.location.reload(), TIMINGS.backButtonReloadMs) : undefined;
  });
  return () => {
    clearTimeout(pending);
    unsubscribe();
  };
}
