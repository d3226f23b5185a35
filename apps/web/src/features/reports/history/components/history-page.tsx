import { Stack, Text, Title } from '@mantine/core';
import { IconEye, IconHistory } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '@app/shared/reports/history';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { ExportButton } from '../../components/export-button';
import { useUrlFilters } from '@/lib/url-filters';
import { useHistoryOptions } from '../api/get-history-options';
import { useHistory } from '../api/list-history';
import {
  activeFilterCount,
  HISTORY_GRID,
  historyFilters,
  historyPageFiltersSchema,
  historyQuery,
  historySort,
  rangeOf,
  type HistoryPageFilters,
} from '../utils/history-query';
import { useHistoryColumns } from './history-columns';
import { HistoryFilters } from './history-filters';
import { HistoryVisitDrawer } from './history-visit-drawer';

const NO_FILTERS: Partial<Record<keyof HistoryPageFilters, undefined>> = Object.fromEntries(
  Object.keys(historyPageFiltersSchema.shape)
    .filter((key) => key !== 'from' && key !== 'to')
    .map((key) => [key, undefined]),
);

/**
 * The History report (spec §2 /reporting/history): every visit of the chosen days, filtered in the
 * address, with columns, sort and page size saved as the reader's table preference; a visit opens its
 * whole story.
 */
export function HistoryPage() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(historyPageFiltersSchema);
  const [open, setOpen] = useState<HistoryRow | null>(null);
  const onOpen = useCallback((row: HistoryRow) => setOpen(row), []);
  const grid = usePreferredGrid('reporting-history', useHistoryColumns(onOpen), HISTORY_GRID);
  const { preference } = grid;
  const query = historyQuery(filters, preference);
  const list = useHistory(query, preference.ready);
  const options = useHistoryOptions();
  const range = rangeOf(filters);
  const filtered = activeFilterCount(filters) > 0 || preference.search !== '';
  const timezone = list.data?.timezone;

  const visibleColumns = useMemo(
    () => preference.state.columnOrder.filter((id) => preference.state.columnVisibility[id] !== false),
    [preference.state.columnOrder, preference.state.columnVisibility],
  );
  const exportFilters = {
    ...historyFilters(filters, historySort(preference)),
    ...(preference.search ? { search: preference.search } : {}),
  };

  return (
    <Stack gap="lg" data-testid="history-page">
      <Stack gap={4}>
        <Title order={2}>{t('history.title')}</Title>
        <Text c="dimmed">{t('history.description')}</Text>
        {timezone && (
          <Text size="xs" c="dimmed" data-testid="history-timezone">
            {t('history.timezone', { timezone })}
          </Text>
        )}
      </Stack>

      <HistoryFilters
        filters={filters}
        range={range}
        options={options.data}
        onChange={(change) => setFilters(change as Partial<HistoryPageFilters>)}
        onClear={() => setFilters(NO_FILTERS)}
        actions={<ExportButton report="history" filters={exportFilters} columns={visibleColumns} />}
      />

      <DataGrid
        testId="history"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.person.full_name}
        rowProps={(row) => ({ 'data-name': row.person.full_name })}
        searchLabel={t('history.search')}
        countLabel={(count) => t('history.count', { count })}
        loadFailedTitle={t('history.load_failed')}
        empty={{
          icon: IconHistory,
          title: t('history.empty.title'),
          description: filtered ? t('history.empty.body') : t('common.no_rows'),
        }}
        rowActionsWidth={64}
        rowActions={(row) => (
          <GridRowActions>
            <GridRowAction
              label={t('history.open')}
              icon={<IconEye size={16} />}
              onClick={() => setOpen(row)}
              testId="history-row-open"
            />
          </GridRowActions>
        )}
      />

      <HistoryVisitDrawer
        visitId={open?.id ?? null}
        name={open?.person.full_name ?? ''}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
