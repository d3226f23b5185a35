import { Navigate, Outlet } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { AppLayout } from '@/components/layout/app-layout';
import { EmergencyEvents } from '@/features/emergency/live/components/emergency-events';
import { OpenReviewsBadge } from '@/features/kiosk-reviews/components/open-reviews-badge';
import { RealtimeEvents } from '@/features/realtime/components/realtime-events';
import { ExportEvents } from '@/features/reports/exports/components/export-events';

/** The menu's marks: how many kiosk sign-ins accepted offline wait for review (decision 045). */
const MENU_BADGES = { kiosk_reviews: <OpenReviewsBadge /> };

/** Every signed-in route: the app layout and the real-time connection. */
export function AuthenticatedLayout() {
  const session = useSession();
  // Signed out meanwhile (in another tab, or by a two-step change elsewhere).
  if (!session) return <Navigate to={paths.login} replace />;
  return (
    <>
      <AppLayout session={session} menuBadges={MENU_BADGES}>
        <Outlet />
      </AppLayout>
      <RealtimeEvents session={session} />
      <ExportEvents />
      <EmergencyEvents />
    </>
  );
}
