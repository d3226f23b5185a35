import { Card, EmptyState, Group, Pagination, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { IconChecks, IconDeviceTabletExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { KIOSK_REVIEW_STATUSES, type KioskReview } from '@app/shared/kiosks/reviews';
import { LiveStatus } from '@/components/ui/live-status';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { routePermissions, paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useUrlFilters } from '@/lib/url-filters';
import { useKioskReviews } from '../api/list-kiosk-reviews';
import { useKioskReviewEvents } from '../hooks/use-kiosk-review-events';
import { REVIEWS_PAGE_SIZE, kioskReviewsPageFiltersSchema, pageCount } from '../utils/kiosk-reviews-page';
import { KioskReviewsTable } from './kiosk-reviews-table';
import { ResolveReviewModal } from './resolve-review-modal';

const HISTORY_PERMISSION = routePermissions[paths.reportingHistory]!;

/**
 * /kiosk-reviews (decision 045): the sign-ins and sign-outs kiosks accepted while offline that the
 * server would have refused, at the reader's sites, newest first. Open ones are resolved with a note;
 * resolved ones keep theirs. The list follows the server's events, so it is never stale.
 */
export function KioskReviewsPage() {
  const { t } = useTranslation('kiosk-reviews');
  const session = useSession();
  const [filters, setFilters] = useUrlFilters(kioskReviewsPageFiltersSchema);
  const { status } = filters;
  const [page, setPage] = useState(1);
  const list = useKioskReviews({ status, page, limit: REVIEWS_PAGE_SIZE });
  const live = useKioskReviewEvents();
  const [resolving, setResolving] = useState<KioskReview | null>(null);
  const canOpenHistory = isAllowed(session?.permissions, HISTORY_PERMISSION);

  const data = list.data;
  const pages = data ? pageCount(data.count) : 1;
  // The last review of the last page was resolved (here or elsewhere): show the page before it.
  if (data && !list.isPlaceholderData && data.data.length === 0 && page > 1) setPage(Math.min(page - 1, pages));

  const countText = !data
    ? null
    : data.count_capped
      ? t('count_capped', { total: data.count })
      : t(`count.${status}`, { count: data.count });

  let body;
  if (list.isError && !data) body = <LoadFailedAlert title={t('load_failed')} onRetry={() => void list.refetch()} />;
  else if (!data) body = <RowsSkeleton rows={4} height={44} />;
  else if (data.data.length === 0)
    body = (
      <EmptyState
        icon={status === 'open' ? <IconChecks size={28} /> : <IconDeviceTabletExclamation size={28} />}
        title={t(`empty.${status}.title`)}
        description={t(`empty.${status}.body`)}
        py="xl"
        data-testid="kiosk-reviews-empty"
      />
    );
  else
    body = (
      <KioskReviewsTable
        status={status}
        reviews={data.data}
        fetching={list.isPlaceholderData}
        canOpenHistory={canOpenHistory}
        onResolve={setResolving}
      />
    );

  return (
    <Stack gap="lg" data-testid="kiosk-reviews-page">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
        <LiveStatus view={live} hint={t('live_hint')} testId="kiosk-reviews-live" />
      </Stack>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label={t('filter.label')}
              value={status}
              onChange={(value) => {
                const next = KIOSK_REVIEW_STATUSES.find((s) => s === value) ?? 'open';
                setPage(1);
                setFilters({ status: next === 'open' ? undefined : next });
              }}
              data={KIOSK_REVIEW_STATUSES.map((value) => ({ value, label: t(`filter.${value}`) }))}
              data-testid="kiosk-reviews-status"
            />
            {countText !== null && (
              <Text size="sm" c="dimmed" role="status" data-testid="kiosk-reviews-count">
                {countText}
              </Text>
            )}
          </Group>
          {body}
          {pages > 1 && (
            <Group justify="center">
              <Pagination value={page} onChange={setPage} total={pages} data-testid="kiosk-reviews-pagination" />
            </Group>
          )}
        </Stack>
      </Card>

      <ResolveReviewModal review={resolving} onClose={() => setResolving(null)} />
    </Stack>
  );
}
