import { useSession } from '@/lib/session';
import { DashboardHome } from '@/features/dashboard/components/dashboard-home';

/** / (spec: the dashboard). */
export function HomePage() {
  const session = useSession();
  return session ? <DashboardHome session={session} /> : null;
}
