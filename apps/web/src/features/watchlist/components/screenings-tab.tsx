import { Anchor, Button, Card, EmptyState, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { IconClockHour4, IconShieldCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENING_OUTCOMES, type Screening } from '@app/shared/watchlist/schemas';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { useUrlFilters } from '@/lib/url-filters';
import { useScreenings } from '../api/list-screenings';
import { useListPage } from '../hooks/use-list-page';
import type { ScreeningDecision } from '../utils/screening-decisions';
import { WATCHLIST_PAGE_SIZE, pageCount, screeningsPageFiltersSchema } from '../utils/watchlist-filters';
import { ScreeningsTable } from './screenings-table';

// The decision's dialog loads when first opened: the list shows without it.
const DecisionModal = lazy(() => import('./decision-modal').then((m) => ({ default: m.DecisionModal })));

type Filters = ReturnType<typeof screeningsPageFiltersSchema.parse>;

/**
 * The screenings that found someone on the watchlist, newest first, filtered by what came of them:
 * who, where, which entry and why; a review waiting is approved or rejected here, and a person who is
 * not the one listed is marked so.
 */
export function ScreeningsTab() {
  const { t } = useTranslation('watchlist');
  const [filters, setFilters] = useUrlFilters(screeningsPageFiltersSchema);
  const [page, setPage] = useListPage(`${filters.outcome ?? ''}|${filters.entry_id ?? ''}|${filters.person_id ?? ''}`);
  const list = useScreenings({ ...filters, page, limit: WATCHLIST_PAGE_SIZE });
  const [deciding, setDeciding] = useState<{ screening: Screening; decision: ScreeningDecision } | null>(null);

  const data = list.data;
  const pages = data ? pageCount(data.count) : 1;
  if (data && !list.isPlaceholderData && data.data.length === 0 && page > 1) setPage(Math.min(page - 1, pages));
  const narrowed = Boolean(filters.entry_id || filters.person_id);
  const filtered = Boolean(filters.outcome) || narrowed;
  const waiting = filters.outcome === 'pending';
  const setOutcome = (outcome: Filters['outcome']) => setFilters({ outcome });
  const countText = !data
    ? null
    : data.count_capped
      ? t('screenings.count_capped', { total: data.count })
      : t('screenings.count', { count: data.count });

  let body;
  if (list.isError && !data)
    body = <LoadFailedAlert title={t('screenings.load_failed')} onRetry={() => void list.refetch()} />;
  else if (!data) body = <RowsSkeleton rows={4} height={56} />;
  else if (data.data.length === 0)
    body = (
      <EmptyState
        icon={<IconShieldCheck size={28} />}
        title={
          waiting
            ? t('screenings.none_waiting.title')
            : filtered
              ? t('screenings.nothing_found.title')
              : t('screenings.empty.title')
        }
        description={
          waiting
            ? t('screenings.none_waiting.text')
            : filtered
              ? t('screenings.nothing_found.text')
              : t('screenings.empty.text')
        }
        py="xl"
        data-testid="watchlist-screenings-empty"
      />
    );
  else
    body = (
      <ScreeningsTable
        screenings={data.data}
        fetching={list.isPlaceholderData}
        onDecide={(screening, decision) => setDeciding({ screening, decision })}
      />
    );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Select
              aria-label={t('screenings.outcome_filter')}
              placeholder={t('screenings.all_outcomes')}
              data={SCREENING_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`outcomes.${outcome}`) }))}
              value={filters.outcome ?? null}
              onChange={(value) => setOutcome(value ?? undefined)}
              clearable
              allowDeselect
              w={{ base: '100%', sm: 240 }}
              data-testid="watchlist-outcome-filter"
            />
            <Button
              variant={waiting ? 'filled' : 'default'}
              color={waiting ? 'yellow.5' : undefined}
              autoContrast
              leftSection={<IconClockHour4 size={16} />}
              aria-pressed={waiting}
              onClick={() => setOutcome(waiting ? undefined : 'pending')}
              data-testid="watchlist-waiting-filter"
            >
              {t('screenings.waiting')}
            </Button>
            {narrowed && (
              <Text size="sm" c="dimmed" data-testid="watchlist-screenings-narrowed">
                {t('screenings.narrowed')}{' '}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setFilters({ entry_id: undefined, person_id: undefined })}
                >
                  {t('screenings.show_all')}
                </Anchor>
              </Text>
            )}
          </Group>
          {countText !== null && (
            <Text size="sm" c="dimmed" role="status" data-testid="watchlist-screenings-count">
              {countText}
            </Text>
          )}
        </Group>
        {body}
        {pages > 1 && (
          <Group justify="center">
            <Pagination value={page} onChange={setPage} total={pages} data-testid="watchlist-screenings-pagination" />
          </Group>
        )}
      </Stack>
      <Suspense fallback={null}>
        {deciding && (
          <DecisionModal
            screening={deciding.screening}
            decision={deciding.decision}
            onClose={() => setDeciding(null)}
          />
        )}
      </Suspense>
    </Card>
  );
}
