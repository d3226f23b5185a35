import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useScreenings } from '../api/list-screenings';

/** How many reviews wait for an admin: a hint on the Screenings tab, read with the list. */
export function WaitingBadge() {
  const { t } = useTranslation('watchlist');
  const waiting = useScreenings({ outcome: 'pending', page: 1, limit: 1 }).data?.count ?? 0;
  if (waiting === 0) return null;
  return (
    <Badge size="sm" variant="filled" color="yellow.5" autoContrast tt="none" data-testid="watchlist-waiting-count">
      {t('tabs.waiting', { count: waiting })}
    </Badge>
  );
}
