import { Alert, Button, EmptyState, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArrowsExchange, IconDeviceTabletOff, IconLock, IconPlus, IconSettings, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '@app/shared/constants';
import { KIOSK_STATUSES, type Kiosk } from '@app/shared/kiosks/schemas';
import type { SiteTree } from '@app/shared/sites/schemas';
import { PagedListCard } from '@/components/ui/paged-list-card';
import { notifySuccess } from '@/lib/notify';
import { useDeregisterKiosk } from '../api/deregister-kiosk';
import { useKiosks } from '../api/list-kiosks';
import { placeLabel } from '../utils/kiosk-areas';
import { KioskSettingsModal, type KioskSettingsState } from './kiosk-settings-modal';
import { KiosksTable, type KioskSort, type KioskSortField } from './kiosks-table';
import { MoveKiosksModal, type MoveKiosksState } from './move-kiosks-modal';
import { RenameKioskModal, type RenameKioskState } from './rename-kiosk-modal';

const LIMIT = PAGING.defaultLimit;
const EMPTY_TREE: SiteTree = [];

type KiosksPanelProps = {
  tree: SiteTree | undefined;
  /** The area filter, set from here or from the site tree's "kiosks" link. */
  areaId: string | null;
  onAreaId: (areaId: string | null) => void;
  onAdd: () => void;
  /** Standalone: only renaming is allowed. */
  standalone: boolean;
};

export function KiosksPanel({ tree, areaId, onAreaId, onAdd, standalone }: KiosksPanelProps) {
  const { t } = useTranslation('kiosks');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<KioskSort>({ field: 'name', order: 'asc' });
  const [siteId, setSiteId] = useState<string | null>(null);
  const [status, setStatus] = useState<(typeof KIOSK_STATUSES)[number] | null>(null);
  const [selected, setSelected] = useState<ReadonlyMap<string, Kiosk>>(new Map());
  const [settingsState, setSettingsState] = useState<KioskSettingsState>(null);
  const [moveState, setMoveState] = useState<MoveKiosksState>(null);
  const [renameState, setRenameState] = useState<RenameKioskState>(null);
  const deregister = useDeregisterKiosk();

  const list = useKiosks({
    page,
    limit: LIMIT,
    search: debouncedSearch,
    sortField: sort.field,
    orderBy: sort.order,
    site_id: areaId ? null : siteId,
    area_id: areaId,
    status,
  });
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / LIMIT));
  const filtered = !!(debouncedSearch || siteId || areaId || status);
  const lockedReason = standalone ? t('standalone.locked') : null;

  // A changed filter starts again at the first page with nothing selected.
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
      setSelected(new Map());
    };

  const toggleSort = (field: KioskSortField) => {
    setSort((current) =>
      current.field === field ? { field, order: current.order === 'asc' ? 'desc' : 'asc' } : { field, order: 'asc' },
    );
    setPage(1);
  };

  const select = (kiosks: Kiosk[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const kiosk of kiosks) {
        if (on) next.set(kiosk.id, kiosk);
        else next.delete(kiosk.id);
      }
      return next;
    });

  const selectedKiosks = [...selected.values()];

  const confirmDeregister = (kiosk: Kiosk) =>
    modals.openConfirmModal({
      title: t('deregister.title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t('deregister.body', { name: kiosk.name, place: placeLabel(kiosk.site_name, kiosk.area_name) })}
          </Text>
          <Text size="sm" c="red" fw={500}>
            {t('deregister.warning')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('deregister.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'kiosk-deregister-confirm' },
      onConfirm: () =>
        deregister.mutate(kiosk.id, {
          onSuccess: () => {
            notifySuccess(t('toasts.deleted'));
            select([kiosk], false);
            if (page > 1 && list.data?.data.length === 1) setPage(page - 1);
          },
        }),
    });

  const siteOptions = (tree ?? []).map((site) => ({ value: site.value, label: site.text }));
  const areaFilterOptions = (tree ?? [])
    .filter((site) => !siteId || site.value === siteId)
    .map((site) => ({
      group: site.text,
      items: site.children.map((area) => ({ value: area.id, label: area.text })),
    }))
    .filter((group) => group.items.length > 0);

  return (
    <Stack gap="md" data-testid="kiosks-panel">
      {standalone && (
        <Alert variant="light" color="yellow" icon={<IconLock size={18} />} data-testid="kiosks-standalone">
          {t('standalone.locked')}
        </Alert>
      )}
      <PagedListCard
        testId="kiosks"
        search={search}
        onSearch={refilter(setSearch)}
        searchLabel={t('search')}
        countLabel={list.data ? t('count', { count }) : null}
        loadFailed={list.isError && !list.data}
        loadFailedTitle={t('load_failed')}
        onRetry={() => void list.refetch()}
        empty={null}
        page={page}
        pages={pages}
        onPage={setPage}
      >
        <Stack gap="md">
          <Group gap="sm" align="flex-end">
            <Select
              label={t('filters.site')}
              placeholder={t('filters.all_sites')}
              data={siteOptions}
              value={siteId}
              onChange={(value) => {
                refilter(setSiteId)(value);
                onAreaId(null);
              }}
              clearable
              searchable
              w={{ base: '100%', sm: 200 }}
              data-testid="kiosks-filter-site"
            />
            <Select
              label={t('filters.area')}
              placeholder={t('filters.all_areas')}
              data={areaFilterOptions}
              value={areaId}
              onChange={refilter(onAreaId)}
              clearable
              searchable
              w={{ base: '100%', sm: 200 }}
              data-testid="kiosks-filter-area"
            />
            <Select
              label={t('filters.status')}
              placeholder={t('filters.any_status')}
              data={KIOSK_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              value={status}
              onChange={(value) => refilter(setStatus)(value)}
              clearable
              w={{ base: '100%', sm: 160 }}
              data-testid="kiosks-filter-status"
            />
          </Group>

          {selected.size > 0 && (
            <Group
              justify="space-between"
              gap="sm"
              p="xs"
              bg="var(--mantine-primary-color-light)"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              data-testid="kiosks-selection"
            >
              <Text size="sm" fw={500} data-testid="kiosks-selected-count">
                {t('selection.count', { count: selected.size })}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconSettings size={14} />}
                  disabled={standalone}
                  title={lockedReason ?? undefined}
                  onClick={() => setSettingsState({ kiosks: selectedKiosks })}
                  data-testid="kiosks-bulk-settings"
                >
                  {t('actions.settings')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconArrowsExchange size={14} />}
                  disabled={standalone}
                  title={lockedReason ?? undefined}
                  onClick={() => setMoveState({ kiosks: selectedKiosks })}
                  data-testid="kiosks-bulk-move"
                >
                  {t('actions.move')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconX size={14} />}
                  onClick={() => setSelected(new Map())}
                  data-testid="kiosks-clear-selection"
                >
                  {t('selection.clear')}
                </Button>
              </Group>
            </Group>
          )}

          {list.data?.data.length === 0 ? (
            <EmptyState
              icon={<IconDeviceTabletOff size={28} />}
              title={filtered ? t('empty.filtered_title') : t('empty.title')}
              description={filtered ? t('empty.filtered_body') : t('empty.body')}
              py="xl"
              data-testid="kiosks-empty"
            >
              {!filtered && (
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={onAdd}
                  disabled={standalone}
                  title={lockedReason ?? undefined}
                >
                  {t('actions.add_first')}
                </Button>
              )}
            </EmptyState>
          ) : (
            <KiosksTable
              kiosks={list.data?.data}
              loadingRows={LIMIT}
              sort={sort}
              onSort={toggleSort}
              selected={selected}
              onSelect={select}
              lockedReason={lockedReason}
              now={list.dataUpdatedAt}
              onSettings={(kiosk) => setSettingsState({ kiosks: [kiosk] })}
              onMove={(kiosk) => setMoveState({ kiosks: [kiosk] })}
              onRename={(kiosk) => setRenameState({ kiosk })}
              onDeregister={confirmDeregister}
            />
          )}
        </Stack>
      </PagedListCard>

      {/* After a change the selected kiosks' snapshot is stale: the selection starts over. */}
      <KioskSettingsModal
        state={settingsState}
        onClose={() => setSettingsState(null)}
        onSaved={() => setSelected(new Map())}
      />
      <MoveKiosksModal
        state={moveState}
        tree={tree ?? EMPTY_TREE}
        onClose={() => setMoveState(null)}
        onSaved={() => setSelected(new Map())}
      />
      <RenameKioskModal state={renameState} onClose={() => setRenameState(null)} />
    </Stack>
  );
}
