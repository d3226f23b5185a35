import { Button, Card, EmptyState, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAdjustments, IconFileImport, IconPlus, IconSearch, IconUserShield } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WATCHLIST_LEVELS, type WatchlistEntry } from '@app/shared/watchlist/schemas';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { notifySuccess } from '@/lib/notify';
import { useUrlFilters } from '@/lib/url-filters';
import { useDeleteWatchlistEntry } from '../api/delete-watchlist-entry';
import { useWatchlist } from '../api/list-watchlist';
import { useListPage } from '../hooks/use-list-page';
import { WATCHLIST_PAGE_SIZE, entriesPageFiltersSchema, pageCount } from '../utils/watchlist-filters';
import { EntriesTable } from './entries-table';
import type { EntryDrawerState } from './entry-drawer';

// The form, the import and the settings load when first opened: the list shows without them.
const EntryDrawer = lazy(() => import('./entry-drawer').then((m) => ({ default: m.EntryDrawer })));
const ImportModal = lazy(() => import('./import-modal').then((m) => ({ default: m.ImportModal })));
const SettingsModal = lazy(() => import('./settings-modal').then((m) => ({ default: m.SettingsModal })));

/** The entries by name, with their level and contact details; added, changed, removed and imported here. */
export function EntriesTab() {
  const { t } = useTranslation('watchlist');
  const [filters, setFilters] = useUrlFilters(entriesPageFiltersSchema);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useListPage(`${filters.level ?? ''}|${term}`);
  const list = useWatchlist({
    level: filters.level,
    search: term || undefined,
    page,
    limit: WATCHLIST_PAGE_SIZE,
  });
  const [drawer, setDrawer] = useState<EntryDrawerState>(null);
  const [importing, setImporting] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const remove = useDeleteWatchlistEntry();

  const confirmRemove = (entry: WatchlistEntry) =>
    modals.openConfirmModal({
      title: t('remove.title', { name: entry.full_name }),
      children: <Text size="sm">{t('remove.body')}</Text>,
      labels: { confirm: t('remove.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'watchlist-remove-confirm' },
      onConfirm: () =>
        remove.mutate(entry.id, { onSuccess: () => notifySuccess(t('remove.done', { name: entry.full_name })) }),
    });

  const data = list.data;
  const pages = data ? pageCount(data.count) : 1;
  // The last entry of the last page was removed: show the page before it.
  if (data && !list.isPlaceholderData && data.data.length === 0 && page > 1) setPage(Math.min(page - 1, pages));
  const filtered = Boolean(filters.level || term);
  const countText = !data
    ? null
    : data.count_capped
      ? t('entries.count_capped', { total: data.count })
      : t('entries.count', { count: data.count });

  let body;
  if (list.isError && !data)
    body = <LoadFailedAlert title={t('entries.load_failed')} onRetry={() => void list.refetch()} />;
  else if (!data) body = <RowsSkeleton rows={4} height={44} />;
  else if (data.data.length === 0)
    body = (
      <EmptyState
        icon={<IconUserShield size={28} />}
        title={filtered ? t('entries.nothing_found.title') : t('entries.empty.title')}
        description={filtered ? t('entries.nothing_found.text') : t('entries.empty.text')}
        py="xl"
        data-testid="watchlist-entries-empty"
      />
    );
  else
    body = (
      <EntriesTable
        entries={data.data}
        fetching={list.isPlaceholderData}
        onEdit={(entry) => setDrawer({ mode: 'edit', entry })}
        onRemove={confirmRemove}
      />
    );

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconAdjustments size={16} />}
          onClick={() => setSettingsOpen(true)}
          data-testid="watchlist-settings"
        >
          {t('entries.settings')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileImport size={16} />}
          onClick={() => setImporting(true)}
          data-testid="watchlist-import"
        >
          {t('entries.import')}
        </Button>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDrawer({ mode: 'add' })}
          data-testid="watchlist-add"
        >
          {t('entries.add')}
        </Button>
      </Group>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" style={{ flex: '1 1 420px' }} wrap="wrap">
              <TextInput
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                placeholder={t('entries.search')}
                aria-label={t('entries.search')}
                leftSection={<IconSearch size={16} />}
                w={{ base: '100%', sm: 320 }}
                data-testid="watchlist-search"
              />
              <Select
                aria-label={t('entries.level_filter')}
                placeholder={t('entries.all_levels')}
                data={WATCHLIST_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
                value={filters.level ?? null}
                onChange={(value) => setFilters({ level: value ?? undefined })}
                clearable
                allowDeselect
                w={{ base: '100%', sm: 180 }}
                data-testid="watchlist-level-filter"
              />
            </Group>
            {countText !== null && (
              <Text size="sm" c="dimmed" role="status" data-testid="watchlist-count">
                {countText}
              </Text>
            )}
          </Group>
          {body}
          {pages > 1 && (
            <Group justify="center">
              <Pagination value={page} onChange={setPage} total={pages} data-testid="watchlist-pagination" />
            </Group>
          )}
        </Stack>
      </Card>

      <Suspense fallback={null}>
        {drawer && <EntryDrawer state={drawer} onChange={setDrawer} />}
        {importing && <ImportModal opened onClose={() => setImporting(false)} />}
        {settingsOpen && <SettingsModal opened onClose={() => setSettingsOpen(false)} />}
      </Suspense>
    </Stack>
  );
}
