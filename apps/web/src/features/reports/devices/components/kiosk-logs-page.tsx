import { Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceTablet } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KIOSK_EVENT_KINDS } from '@app/shared/reports/kiosk-logs';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { ExportButton } from '../../components/export-button';
import { useUrlFilters } from '@/lib/url-filters';
import { useDeviceOptions } from '../api/get-device-options';
import { useKioskLogs } from '../api/list-kiosk-logs';
import {
  activeFilterCount,
  DEVICES_GRID,
  kioskLogsFilters,
  kioskLogsPageFiltersSchema,
  kioskLogsQuery,
  rangeOf,
} from '../utils/device-filters';
import { DeviceFilterBar } from './device-filter-bar';
import { useKioskLogsColumns } from './kiosk-logs-columns';

const NO_FILTERS = { kind: undefined, site_id: undefined, kiosk_id: undefined };

/**
 * The kiosk logs (spec §2 /reporting/kiosk-logs): what each kiosk did and reported in the chosen
 * days, newest first, filtered by kiosk, site and kind of event.
 */
export function KioskLogsPage() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(kioskLogsPageFiltersSchema);
  const grid = usePreferredGrid('reporting-kiosk-logs', useKioskLogsColumns(), DEVICES_GRID);
  const { preference } = grid;
  const list = useKioskLogs(kioskLogsQuery(filters, preference), preference.ready);
  const options = useDeviceOptions();
  const range = rangeOf(filters);
  const active = activeFilterCount(filters);

  const visibleColumns = useMemo(
    () => preference.state.columnOrder.filter((id) => preference.state.columnVisibility[id] !== false),
    [preference.state.columnOrder, preference.state.columnVisibility],
  );
  const exportFilters = {
    ...kioskLogsFilters(filters),
    ...(preference.search ? { search: preference.search } : {}),
  };
  const sites = options.data?.sites ?? [];
  const kiosks = (options.data?.kiosks ?? []).filter((k) => !filters.site_id || k.site_id === filters.site_id);

  return (
    <Stack gap="lg" data-testid="kiosk-logs-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2}>{t('kiosk_logs.title')}</Title>
          <Text c="dimmed">{t('kiosk_logs.description')}</Text>
        </Stack>
        <ExportButton report="kiosk_logs" filters={exportFilters} columns={visibleColumns} />
      </Group>

      <DeviceFilterBar
        testId="kiosk-logs"
        range={range}
        daysLabel={t('kiosk_logs.filters.days')}
        anyLabel={t('kiosk_logs.filters.any')}
        clearLabel={t('kiosk_logs.filters.clear')}
        nothingFound={t('kiosk_logs.filters.nothing_found')}
        active={active}
        selects={[
          {
            key: 'kind',
            label: t('kiosk_logs.filters.kind'),
            value: filters.kind,
            data: KIOSK_EVENT_KINDS.map((k) => ({ value: k, label: t(`kiosk_logs.kinds.${k}`) })),
          },
          {
            key: 'site_id',
            label: t('kiosk_logs.filters.site'),
            value: filters.site_id,
            data: sites.map((s) => ({ value: s.id, label: s.name })),
          },
          {
            key: 'kiosk_id',
            label: t('kiosk_logs.filters.kiosk'),
            value: filters.kiosk_id,
            data: kiosks.map((k) => ({ value: k.id, label: k.name })),
          },
        ]}
        onChange={(c) => setFilters(c)}
        onClear={() => setFilters(NO_FILTERS)}
      />

      <DataGrid
        testId="kiosk-logs"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${row.kiosk.name} ${t(`kiosk_logs.kinds.${row.kind}`)}`}
        rowProps={(row) => ({ 'data-kind': row.kind, 'data-kiosk': row.kiosk.name })}
        searchLabel={t('kiosk_logs.search')}
        countLabel={(count) => t('kiosk_logs.count', { count })}
        loadFailedTitle={t('kiosk_logs.load_failed')}
        empty={{
          icon: IconDeviceTablet,
          title: t('kiosk_logs.empty.title'),
          description: t('kiosk_logs.empty.body'),
        }}
      />
    </Stack>
  );
}
