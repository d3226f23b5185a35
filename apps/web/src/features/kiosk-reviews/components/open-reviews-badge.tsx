import { Badge, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { useSession } from '@/lib/session';
import { onRealtimeResync } from '@/lib/socket';
import { openKioskReviewCountQueryOptions, useOpenKioskReviewCount } from '../api/count-open-kiosk-reviews';
import { useKioskReviewRefresh } from '../hooks/use-kiosk-review-events';

/**
 * The side menu's mark beside "Kiosk reviews": how many wait for review at the reader's sites, kept
 * current by the server's events. Nothing when none wait, or for a reader who cannot open the page
 * (the logbook's permission, on a Cloud company).
 */
export function OpenReviewsBadge() {
  const { t } = useTranslation('layout');
  const session = useSession();
  const queryClient = useQueryClient();
  const enabled = session?.entity.package === 'Cloud' && isAllowed(session.permissions, 'dashboard');
  const open = useOpenKioskReviewCount(enabled);
  useKioskReviewRefresh();
  // Events missed while the connection was down: read the count again when it is back.
  useEffect(
    () =>
      onRealtimeResync(() => {
        void queryClient.invalidateQueries({ queryKey: openKioskReviewCountQueryOptions().queryKey });
      }),
    [queryClient],
  );

  const count = open.data?.count ?? 0;
  if (!enabled || count === 0) return null;
  const shown = open.data?.capped ? `${count}+` : String(count);
  return (
    <Badge size="sm" variant="filled" color="red.9" circle={shown.length === 1} data-testid="menu-kiosk-reviews-count">
      <span aria-hidden>{shown}</span>
      <VisuallyHidden>{t('menu.kiosk_reviews_open', { count })}</VisuallyHidden>
    </Badge>
  );
}
