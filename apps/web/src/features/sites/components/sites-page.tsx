import { Alert, Badge, Button, Card, Grid, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceTablet, IconPlus, IconSitemap } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area, Site, SiteTree as SiteTreeData } from '@app/shared/sites/schemas';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/document-title';
import { useSearchText } from '@/lib/search-param';
import { useSession } from '@/lib/session';
import { useDeleteArea } from '../api/delete-area';
import { useDeleteSite } from '../api/delete-site';
import { siteTreeQueryKey, useSiteTree } from '../api/get-site-tree';
import { KIOSKS_GRID, kioskFilters, withArea } from '../utils/kiosks-query';
import { SITES_GRID } from '../utils/sites-query';
import { AddKioskModal, type AddKioskState } from './add-kiosk-modal';
import { AreaFormModal, type AreaModalState } from './area-form-modal';
import { openDeletePlace } from './delete-place-dialog';
import { DoorFormModal, type DoorModalState } from './door-form-modal';
import { useKioskColumns } from './kiosk-columns';
import { KiosksPanel } from './kiosks-panel';
import { MoveAreaModal, type MoveAreaState } from './move-area-modal';
import { useSiteColumns } from './site-columns';
import { SiteFormModal, type SiteModalState } from './site-form-modal';
import { SiteTree, type TreeArea } from './site-tree';
import { SitesGrid } from './sites-grid';

const EMPTY_TREE: SiteTreeData = [];

type Tab = 'sites' | 'kiosks';

/**
 * The sites and areas, and the kiosks (spec §2 /sites). `actions`: other features' buttons beside "Add
 * site" (the capacity settings), which the page that composes it passes in.
 */
export function SitesPage({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation('sites');
  const queryClient = useQueryClient();
  const standalone = useSession()?.entity.package === 'Standalone';
  // The open tab is in the address (?tab=kiosks), so a reload or a shared link opens it again.
  const tab: Tab = useSearchText('tab') === 'kiosks' ? 'kiosks' : 'sites';
  const openTab = (next: Tab) =>
    navigateTo(hrefFor(paths.sites, {}, next === 'kiosks' ? { tab: 'kiosks' } : {}), { replace: true });
  const [addKiosk, setAddKiosk] = useState<AddKioskState>(null);
  // Spec §2: opening /sites drops the cached site tree, so it is never shown stale. This runs before
  // the tree query below subscribes, on the first render only.
  useState(() => queryClient.removeQueries({ queryKey: siteTreeQueryKey }));

  // Both grids live here rather than in their tabs: switching tabs keeps each one's page, and the
  // site tree's "kiosks" link and the Add kiosk button work with the kiosk grid's area filter.
  const sitesGrid = usePreferredGrid('sites', useSiteColumns(), SITES_GRID);
  const kiosksGrid = usePreferredGrid('kiosks', useKioskColumns(), KIOSKS_GRID);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [siteModal, setSiteModal] = useState<SiteModalState>(null);
  const [areaModal, setAreaModal] = useState<AreaModalState>(null);
  const [moveState, setMoveState] = useState<MoveAreaState>(null);
  const [doorModal, setDoorModal] = useState<DoorModalState>(null);

  const tree = useSiteTree();
  const deleteSite = useDeleteSite();
  const deleteArea = useDeleteArea();
  // A new kiosk goes, by default, to the area the kiosk list shows.
  const kioskArea = kioskFilters(kiosksGrid.preference.state.filters, tree.data).areaId;

  const toggleSite = (siteId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(siteId)) next.delete(siteId);
      else next.add(siteId);
      return next;
    });

  const expand = (siteId: string) => setExpanded((current) => new Set(current).add(siteId));
  const allExpanded = !!tree.data?.length && tree.data.every((site) => expanded.has(site.value));

  const countInSite = (siteId: string, what: 'kiosks' | 'doors') =>
    tree.data?.find((node) => node.value === siteId)?.children.reduce((n, area) => n + area[what].length, 0) ?? 0;
  const kioskCountOf = (siteId: string) => countInSite(siteId, 'kiosks');

  const confirmDeleteSite = (site: Site) => {
    const kiosks = kioskCountOf(site.id);
    const doors = countInSite(site.id, 'doors');
    openDeletePlace({
      title: t('delete_site.title'),
      body: t('delete_site.body', { name: site.name }),
      consequence: site.area_count > 0 ? t('delete_site.areas', { count: site.area_count }) : undefined,
      blocked: t('delete_site.blocked', { name: site.name }),
      blockers: [
        ...(kiosks > 0 ? [t('delete_site.kiosks', { count: kiosks })] : []),
        ...(doors > 0 ? [t('delete_site.doors', { count: doors })] : []),
      ],
      confirmLabel: t('delete_site.confirm'),
      testId: 'site-delete',
      onConfirm: () =>
        deleteSite.mutate(site.id, {
          onSuccess: () => notifySuccess(t('toasts.site_deleted', { name: site.name })),
        }),
    });
  };

  const kioskTotal = (tree.data ?? []).reduce(
    (sum, site) => sum + site.children.reduce((n, area) => n + area.kiosks.length, 0),
    0,
  );

  const showKiosks = (area: Area) => {
    kiosksGrid.preference.update((state) => ({ ...state, filters: withArea(state.filters, area) }));
    openTab('kiosks');
  };

  const confirmDeleteArea = (area: TreeArea) =>
    openDeletePlace({
      title: t('delete_area.title'),
      body: t('delete_area.body', { name: area.name }),
      blocked: t('delete_area.blocked', { name: area.name }),
      blockers: [
        ...(area.kiosks.length > 0 ? [t('delete_area.kiosks', { count: area.kiosks.length })] : []),
        ...(area.doors.length > 0 ? [t('delete_area.doors', { count: area.doors.length })] : []),
      ],
      confirmLabel: t('delete_area.confirm'),
      testId: 'area-delete',
      onConfirm: () => deleteArea.mutate(area.id, { onSuccess: () => notifySuccess(t('toasts.area_deleted')) }),
    });

  // Each tab names itself, on the page and in the window's title.
  const heading = tab === 'kiosks' ? t('kiosks:title') : t('title');
  useDocumentTitle(heading);

  return (
    <Stack gap="lg" data-testid="sites-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2} data-testid="sites-page-title">
            {heading}
          </Title>
          <Text c="dimmed">{tab === 'kiosks' ? t('kiosks:description') : t('description')}</Text>
        </Stack>
        {tab === 'sites' ? (
          <Group gap="sm">
            {actions}
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setSiteModal({ mode: 'add' })}
              data-testid="site-add"
            >
              {t('actions.add_site')}
            </Button>
          </Group>
        ) : (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setAddKiosk({ areaId: kioskArea ?? undefined })}
            disabled={standalone}
            title={standalone ? t('kiosks:standalone.locked') : undefined}
            data-testid="kiosk-add"
          >
            {t('kiosks:actions.add')}
          </Button>
        )}
      </Group>

      <Tabs value={tab} onChange={(value) => openTab(value === 'kiosks' ? 'kiosks' : 'sites')} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="sites" leftSection={<IconSitemap size={16} />} data-testid="sites-tab-sites">
            {t('tabs.sites')}
          </Tabs.Tab>
          <Tabs.Tab
            value="kiosks"
            leftSection={<IconDeviceTablet size={16} />}
            rightSection={
              tree.data ? (
                <Badge size="sm" variant="light" color="gray" data-testid="kiosks-tab-count">
                  {kioskTotal}
                </Badge>
              ) : null
            }
            data-testid="sites-tab-kiosks"
          >
            {t('tabs.kiosks')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="kiosks">
          <KiosksPanel
            grid={kiosksGrid}
            tree={tree.data}
            onAdd={() => setAddKiosk({ areaId: kioskArea ?? undefined })}
            standalone={standalone}
          />
        </Tabs.Panel>

        <Tabs.Panel value="sites">
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, xl: 7 }}>
              <SitesGrid
                grid={sitesGrid}
                onAdd={() => setSiteModal({ mode: 'add' })}
                onEdit={(site) => setSiteModal({ mode: 'edit', site })}
                onDelete={confirmDeleteSite}
              />
            </Grid.Col>

            <Grid.Col span={{ base: 12, xl: 5 }}>
              <Card withBorder radius="md" padding="lg">
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="xs" wrap="nowrap">
                      <IconSitemap size={20} stroke={1.5} />
                      <Stack gap={0}>
                        <Title order={4}>{t('tree.title')}</Title>
                        <Text size="xs" c="dimmed">
                          {t('tree.description')}
                        </Text>
                      </Stack>
                    </Group>
                    {!!tree.data?.length && (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() =>
                          setExpanded(allExpanded ? new Set() : new Set(tree.data.map((site) => site.value)))
                        }
                        data-testid="tree-toggle-all"
                      >
                        {allExpanded ? t('tree.collapse_all') : t('tree.expand_all')}
                      </Button>
                    )}
                  </Group>
                  {tree.isError && !tree.data ? (
                    <Alert
                      color="red"
                      variant="light"
                      icon={<IconAlertCircle size={18} />}
                      title={t('tree.load_failed')}
                    >
                      <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void tree.refetch()}>
                        {t('common:retry')}
                      </Button>
                    </Alert>
                  ) : (
                    <SiteTree
                      tree={tree.data}
                      expanded={expanded}
                      onToggle={toggleSite}
                      onAddArea={(site) => {
                        expand(site.value);
                        setAreaModal({ mode: 'add', siteId: site.value, siteName: site.text });
                      }}
                      onEditArea={(area, site) => setAreaModal({ mode: 'edit', area, siteName: site.text })}
                      onMoveArea={(area, site) => setMoveState({ area, siteName: site.text })}
                      onDeleteArea={confirmDeleteArea}
                      onShowKiosks={showKiosks}
                      onAddDoor={(area) => setDoorModal({ area })}
                      onEditDoor={(door, area) => setDoorModal({ area, door })}
                    />
                  )}
                </Stack>
              </Card>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
      </Tabs>

      <SiteFormModal state={siteModal} onClose={() => setSiteModal(null)} />
      <AddKioskModal state={addKiosk} tree={tree.data ?? EMPTY_TREE} onClose={() => setAddKiosk(null)} />
      <AreaFormModal state={areaModal} onClose={() => setAreaModal(null)} />
      <DoorFormModal state={doorModal} onClose={() => setDoorModal(null)} />
      <MoveAreaModal
        state={moveState}
        sites={tree.data ?? EMPTY_TREE}
        onClose={() => setMoveState(null)}
        // The target site opens so the moved area stays in view.
        onMoved={expand}
      />
    </Stack>
  );
}
