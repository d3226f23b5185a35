import { Suspense, lazy } from 'react';
import { isAllowed } from '@app/shared/access/permissions';
import { useSession } from '@/lib/session';
import { MassVisitActions, QuickSignInButton, VisitRowAction } from '@/features/sign-in/components/visit-actions';
import { DashboardPage, type DashboardActions } from '@/features/visits/components/dashboard-page';

/** The sign-in feature's flows, placed in the dashboard's toolbar, selection bar and rows. */
const signInActions: DashboardActions = {
  quickSignIn: (onDone) => <QuickSignInButton onDone={onDone} />,
  mass: (visits, onDone) => <MassVisitActions visits={visits} onDone={onDone} />,
  row: (visit, onDone) => <VisitRowAction visit={visit} onDone={onDone} />,
};

// What a page shows only to some loads when shown, so the dashboard's first load stays within its
// weight (vite.config.ts): the company home, for members without the dashboard; occupancy, between
// the counts and the logbook, once the dashboard shows.
const DashboardHome = lazy(() =>
  import('@/features/dashboard/components/dashboard-home').then((m) => ({ default: m.DashboardHome })),
);
const OccupancyPanel = lazy(() =>
  import('@/features/capacity/components/occupancy-panel').then((m) => ({ default: m.OccupancyPanel })),
);

const panels = (
  <Suspense fallback={null}>
    <OccupancyPanel />
  </Suspense>
);

/**
 * / (spec: the dashboard). A Cloud company's people with the dashboard permission see today's counts
 * and the logbook; anyone else (a role without it) sees the company home with the parts they may open.
 */
export function HomePage() {
  const session = useSession();
  if (!session) return null;
  return session.entity.package === 'Cloud' && isAllowed(session.permissions, 'dashboard') ? (
    <DashboardPage actions={signInActions} panels={panels} />
  ) : (
    <Suspense fallback={null}>
      <DashboardHome session={session} />
    </Suspense>
  );
}

/** /filtered (SPEC-NOTES): the dashboard's logbook opened with the filter of the count that was clicked. */
export function FilteredPage() {
  return <DashboardPage actions={signInActions} />;
}
