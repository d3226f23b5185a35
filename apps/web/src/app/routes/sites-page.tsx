import { isAllowed } from '@app/shared/access/permissions';
import { useSession } from '@/lib/session';
import { CapacitySettingsButton } from '@/features/capacity/components/capacity-settings-button';
import { SitesPage } from '@/features/sites/components/sites-page';

/** /sites: the sites and areas, with the capacity settings beside "Add site" for those who manage them. */
export function SitesRoutePage() {
  const canManage = isAllowed(useSession()?.permissions, 'sites_devices');
  return <SitesPage actions={canManage ? <CapacitySettingsButton /> : null} />;
}
