import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconClipboardList, IconFilterOff, IconIdBadge2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardCount, Visit } from '@app/shared/visits/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { LiveStatus } from '@/components/ui/live-status';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { useLiveView } from '@/lib/live-view';
import { useRoutePath } from '@/lib/route-path';
import { useDashboard } from '../api/get-dashboard';
import { useFilterOptions } from '../api/get-filter-options';
import { useVisits } from '../api/list-visits';
import { visitsRootKey } from '../api/visits-query-key';
import { useLiveVisits } from '../hooks/use-live-visits';
import {
  LOGBOOK_GRID,
  activeFilterCount,
  applyFilterPatch,
  countSearch,
  dashboardQuery,
  filteredSearchFilters,
  logbookQuery,
  savedGridFilters,
  type FilterPatch,
  type LogbookFilters as Filters,
} from '../utils/logbook-query';
import { formatDay } from '../utils/visit-display';
import { DashboardCounts } from './dashboard-counts';
import { LogbookClockContext } from './logbook-clock';
import { useLogbookColumns } from './logbook-columns';
import { LogbookFilters, type LogbookFilterControl } from './logbook-filters';

/**
 * The sign-in and sign-out flows the dashboard offers (spec §2 "Dashboard: quick sign in, mass
 * actions"): another feature's, so the page that composes the dashboard passes them in. Each calls
 * `onDone` once it has changed visits.
 */
export type DashboardActions = {
  quickSignIn: (onDone: () => void) => ReactNode;
  /** For the selected logbook rows. */
  mass: (visits: Visit[], onDone: () => void) => ReactNode;
  /** A row's next action (its badge label). */
  row: (visit: Visit, onDone: () => void) => ReactNode;
};

/** After a dropped connection, the counts and the logbook are read again. */
const LIVE_KEYS = [visitsRootKey];

const NO_ACTIONS: DashboardActions = { quickSignIn: () => null, mass: () => null, row: () => null };

/** A visit's badge can be printed once the person has arrived (the server refuses the others). */
const hasArrived = (visit: Visit) => visit.state !== 'expected' && visit.state !== 'cancelled';

/** What /filtered shows, in words: the count, and the user type and place it was narrowed to. */
function useFilterSummary(filters: Filters, options: ReturnType<typeof useFilterOptions>['data']) {
  const { t } = useTranslation('visits');
  const parts: string[] = [];
  if (filters.count) parts.push(t(`counts.${filters.count}`));
  const type = options?.user_types.find((u) => u.id === filters.user_type_id);
  if (type) parts.push(type.name);
  const site = options?.sites.find((s) => s.id === filters.site_id);
  if (site) parts.push(site.name);
  const area = options?.sites.flatMap((s) => s.areas).find((a) => a.id === filters.area_id);
  if (area) parts.push(area.name);
  return parts.join(' · ');
}

/**
 * The dashboard (spec §2 / and /filtered, §3 Dashboard): today's counts, each opening the logbook
 * filtered to what it counts (/filtered), and the logbook of visits with quick sign-in, mass actions,
 * a row's next action, notes and badges. It follows every sign-in and sign-out in the company live.
 * `panels`: other features' parts shown between the counts and the logbook (occupancy).
 */
export function DashboardPage({ actions = NO_ACTIONS, panels }: { actions?: DashboardActions; panels?: ReactNode }) {
  const { t } = useTranslation('visits');
  const queryClient = useQueryClient();
  const filteredMode = useRoutePath() === paths.filtered;
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  useLiveVisits();
  const live = useLiveView(LIVE_KEYS);

  const grid = usePreferredGrid('dashboard-logbook', useLogbookColumns(), LOGBOOK_GRID);
  const { preference } = grid;
  const options = useFilterOptions();
  const [selected, setSelected] = useState<RowSelectionState>({});

  // On / the filters are the person's saved ones; on /filtered they are the address's, so the saved
  // grid is left as it was and the address can be shared.
  const savedFilters = preference.state.filters;
  const filters = useMemo(
    () => (filteredMode ? filteredSearchFilters(searchStr) : savedGridFilters(savedFilters)),
    [filteredMode, searchStr, savedFilters],
  );
  const { update, setPageIndex } = preference;
  const control: LogbookFilterControl = useMemo(() => {
    if (filteredMode) {
      const go = (next: Record<string, string>) => {
        setPageIndex(0);
        navigateTo(hrefFor(paths.filtered, {}, next), { replace: true });
      };
      return {
        filters,
        change: (patch: FilterPatch) => go(applyFilterPatch(filters, patch)),
        clear: () => go(filters.count ? { count: filters.count } : {}),
      };
    }
    return {
      filters,
      change: (patch: FilterPatch) =>
        update((state) => ({ ...state, filters: applyFilterPatch(state.filters, patch) })),
      clear: () => update((state) => ({ ...state, filters: {} })),
      disabled: !preference.ready,
    };
  }, [filteredMode, filters, update, setPageIndex, preference.ready]);

  const list = useVisits(logbookQuery(preference, filters), preference.ready);
  const dashboard = useDashboard(dashboardQuery(filters, options.data), !options.isPending);
  const clock = useMemo(
    () => ({ today: dashboard.data?.date, timezone: list.data?.timezone ?? dashboard.data?.timezone }),
    [dashboard.data?.date, dashboard.data?.timezone, list.data?.timezone],
  );

  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: visitsRootKey }), [queryClient]);
  const countHref = (count: DashboardCount, userTypeId?: string) =>
    hrefFor(paths.filtered, {}, countSearch(count, filters, userTypeId));

  const narrowed = activeFilterCount(filters) > 0 || preference.search !== '' || !!filters.count;
  const summary = useFilterSummary(filters, options.data);
  const date = dashboard.data ? formatDay(dashboard.data.date) : null;

  return (
    <Stack gap="lg" data-testid="visits-dashboard" data-filtered={filteredMode || undefined}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Title order={2}>{filteredMode ? t('filtered.title') : t('title')}</Title>
          <Group gap="xs" wrap="wrap">
            <LiveStatus view={live} hint={t('live_hint')} testId="dashboard-live" />
            <Text c="dimmed" size="sm" data-testid="dashboard-date">
              {date && clock.timezone ? t('today', { date, timezone: clock.timezone }) : t('description')}
            </Text>
          </Group>
        </Stack>
        {actions.quickSignIn(refresh)}
      </Group>

      {filteredMode && (
        <Alert variant="light" color="indigo" icon={<IconFilterOff size={18} />} data-testid="filtered-banner">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{summary ? t('filtered.showing', { filter: summary }) : t('filtered.showing_all')}</Text>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => navigateTo(paths.home)}
              data-testid="dashboard-back"
            >
              {t('filtered.back')}
            </Button>
          </Group>
        </Alert>
      )}

      <DashboardCounts
        dashboard={dashboard.data}
        failed={dashboard.isError}
        active={filters.count ? { count: filters.count, userTypeId: filters.user_type_id } : null}
        hrefOf={countHref}
      />

      {panels}

      <LogbookClockContext value={clock}>
        <DataGrid
          testId="logbook"
          columns={grid.columns}
          {...gridListProps(list)}
          preference={preference}
          getRowId={(visit) => visit.id}
          getRowLabel={(visit) => visit.person.full_name}
          loadFailedTitle={t('logbook.load_failed')}
          searchLabel={t('logbook.search')}
          countLabel={(count) => t('logbook.count', { count })}
          filters={<LogbookFilters control={control} options={options.data} />}
          empty={{
            icon: IconClipboardList,
            title: narrowed ? t('logbook.empty.filtered_title') : t('logbook.empty.title'),
            description: narrowed ? t('logbook.empty.filtered_body') : t('logbook.empty.body'),
          }}
          selection={{
            selected,
            onChange: setSelected,
            actions: (visits) =>
              actions.mass(visits, () => {
                setSelected({});
                refresh();
              }),
          }}
          rowActionsWidth={160}
          rowProps={(visit) => ({ 'data-name': visit.person.full_name, 'data-state': visit.state })}
          rowActions={(visit) => (
            <GridRowActions>
              {actions.row(visit, refresh)}
              <GridRowAction
                label={t('badge.open', { name: visit.person.full_name })}
                icon={<IconIdBadge2 size={16} />}
                onClick={() => window.open(hrefFor(paths.badgePrint, { id: visit.id }), '_blank', 'noopener')}
                disabledReason={hasArrived(visit) ? null : t('badge.not_arrived')}
                testId="visit-badge"
              />
            </GridRowActions>
          )}
        />
      </LogbookClockContext>
    </Stack>
  );
}
