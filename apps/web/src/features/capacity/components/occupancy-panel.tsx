import { Suspense, lazy } from 'react';
import { loadCatalogues } from '@/lib/i18n';
import { useOccupancy } from '../api/get-occupancy';
import { useLiveOccupancy } from '../hooks/use-live-occupancy';
import { occupancyShown } from '../utils/occupancy';

// The card and its words load once there is something to show: most companies set no limits.
const OccupancyCard = lazy(() =>
  Promise.all([import('./occupancy-card'), loadCatalogues(['capacity'])]).then(([m]) => ({
    default: m.OccupancyCard,
  })),
);

/**
 * The dashboard's occupancy, live (decision 054): nothing at all for a reader none of whose places has
 * a limit (and nobody waits for approval), so the dashboard stays as it was; else the card.
 */
export function OccupancyPanel() {
  const occupancy = useOccupancy().data;
  useLiveOccupancy();
  if (!occupancy || !occupancyShown(occupancy)) return null;
  return (
    <Suspense fallback={null}>
      <OccupancyCard occupancy={occupancy} />
    </Suspense>
  );
}
