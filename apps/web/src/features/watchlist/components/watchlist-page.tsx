import { Stack, Tabs, Text, Title } from '@mantine/core';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { IconListDetails, IconShieldSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

// Each tab loads with its first showing: the page's own file stays small, and so does the route table's
// list of what to fetch with it (which every page of the app downloads).
const EntriesTab = lazy(() => import('./entries-tab').then((m) => ({ default: m.EntriesTab })));
const ScreeningsTab = lazy(() => import('./screenings-tab').then((m) => ({ default: m.ScreeningsTab })));
const WaitingBadge = lazy(() => import('./waiting-badge').then((m) => ({ default: m.WaitingBadge })));

const loading = <RowsSkeleton rows={4} height={44} />;

type WatchlistTab = 'entries' | 'screenings';

/**
 * /watchlist and /watchlist/screenings (issue 29): the people the company keeps out, reviews or hears
 * of at every way in, and the screenings that found them with why and what was decided.
 */
function WatchlistPage({ tab }: { tab: WatchlistTab }) {
  const { t } = useTranslation('watchlist');
  const navigate = useNavigate();
  return (
    <Stack gap="lg" data-testid="watchlist-page">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate({ to: value === 'screenings' ? paths.watchlistScreenings : paths.watchlist })
        }
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabs.label')} mb="lg">
          <Tabs.Tab value="entries" leftSection={<IconListDetails size={16} />} data-testid="watchlist-tab-entries">
            {t('tabs.entries')}
          </Tabs.Tab>
          <Tabs.Tab
            value="screenings"
            leftSection={<IconShieldSearch size={16} />}
            rightSection={
              <Suspense fallback={null}>
                <WaitingBadge />
              </Suspense>
            }
            data-testid="watchlist-tab-screenings"
          >
            {t('tabs.screenings')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="entries">
          <Suspense fallback={loading}>
            <EntriesTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="screenings">
          <Suspense fallback={loading}>
            <ScreeningsTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export function WatchlistEntriesPage() {
  return <WatchlistPage tab="entries" />;
}

export function WatchlistScreeningsPage() {
  return <WatchlistPage tab="screenings" />;
}
