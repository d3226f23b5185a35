import { Navigate, Outlet } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { AppLayout } from '@/components/layout/app-layout';
import { EmergencyEvents } from '@/features/emergency/live/components/emergency-events';
import { RealtimeEvents } from '@/features/realtime/components/realtime-events';
import { ExportEvents } from '@/features/reports/exports/components/export-events';

/** Every signed-in route: the app layout and the real-time connection. */
export function AuthenticatedLayout() {
  const session = useSession();
  // Signed out meanwhile (in another tab, or by a two-step change elsewhere).
  if (!session) return <Navigate to={paths.login} replace />;
  return (
    <>
      <AppLayout session={session}>
        <Outlet />
      </AppLayout>
      <RealtimeEvents session={session} />
      <ExportEvents />
      <EmergencyEvents />
    </>
  );
}
