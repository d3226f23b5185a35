import { Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPrinter, IconPrinterOff, IconRepeat } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { PRINT_STATUSES, type PrintQueueRow } from '@app/shared/reports/print-queue';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useRealtimeEvent } from '@/lib/socket';
import { ExportButton } from '../../components/export-button';
import { useUrlFilters } from '@/lib/url-filters';
import { useDeviceOptions } from '../api/get-device-options';
import { printQueueKey, useChangePrint, usePrintQueue } from '../api/list-print-queue';
import {
  activeFilterCount,
  DEVICES_GRID,
  printFilters,
  printPageFiltersSchema,
  printQuery,
  rangeOf,
} from '../utils/device-filters';
import { DeviceFilterBar } from './device-filter-bar';
import { usePrintQueueColumns } from './print-queue-columns';

const NO_FILTERS = { status: undefined, site_id: undefined, kiosk_id: undefined };

/**
 * The print queue (spec §2 /reporting/printer): every badge sent to print in the chosen days with its
 * status; a queued print can be cancelled, any badge printed again exactly as it was first printed.
 */
export function PrintQueuePage() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(printPageFiltersSchema);
  const grid = usePreferredGrid('reporting-printer', usePrintQueueColumns(), DEVICES_GRID);
  const { preference } = grid;
  const list = usePrintQueue(printQuery(filters, preference), preference.ready);
  const options = useDeviceOptions();
  const change = useChangePrint();
  const client = useQueryClient();
  // Cancelling and reprinting are front-desk work: a reader without the dashboard only reads.
  const mayChange = isAllowed(useSession()?.permissions, 'dashboard');
  const range = rangeOf(filters);
  const active = activeFilterCount(filters);

  useRealtimeEvent('updateBadgePrints', () => void client.invalidateQueries({ queryKey: printQueueKey }));

  const visibleColumns = useMemo(
    () => preference.state.columnOrder.filter((id) => preference.state.columnVisibility[id] !== false),
    [preference.state.columnOrder, preference.state.columnVisibility],
  );
  const exportFilters = { ...printFilters(filters), ...(preference.search ? { search: preference.search } : {}) };

  const sites = options.data?.sites ?? [];
  const kiosks = (options.data?.kiosks ?? []).filter((k) => !filters.site_id || k.site_id === filters.site_id);

  const reprint = (row: PrintQueueRow) =>
    change.mutate(
      { id: row.id, action: 'reprint' },
      { onSuccess: () => notifySuccess(t('printer.toasts.reprinted', { name: row.person.name })) },
    );

  const confirmCancel = (row: PrintQueueRow) =>
    modals.openConfirmModal({
      title: t('printer.cancel.title'),
      children: <Text size="sm">{t('printer.cancel.body', { name: row.person.name })}</Text>,
      labels: { confirm: t('printer.cancel.confirm'), cancel: t('printer.cancel.keep') },
      confirmProps: { color: 'red', 'data-testid': 'print-cancel-confirm' },
      onConfirm: () =>
        change.mutate(
          { id: row.id, action: 'cancel' },
          { onSuccess: () => notifySuccess(t('printer.toasts.cancelled', { name: row.person.name })) },
        ),
    });

  return (
    <Stack gap="lg" data-testid="print-queue-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2}>{t('printer.title')}</Title>
          <Text c="dimmed">{t('printer.description')}</Text>
        </Stack>
        <ExportButton report="printer" filters={exportFilters} columns={visibleColumns} />
      </Group>

      <DeviceFilterBar
        testId="printer"
        range={range}
        daysLabel={t('printer.filters.days')}
        anyLabel={t('printer.filters.any')}
        clearLabel={t('printer.filters.clear')}
        nothingFound={t('printer.filters.nothing_found')}
        active={active}
        selects={[
          {
            key: 'status',
            label: t('printer.filters.status'),
            value: filters.status,
            data: PRINT_STATUSES.map((s) => ({ value: s, label: t(`printer.status.${s}`) })),
          },
          {
            key: 'site_id',
            label: t('printer.filters.site'),
            value: filters.site_id,
            data: sites.map((s) => ({ value: s.id, label: s.name })),
          },
          {
            key: 'kiosk_id',
            label: t('printer.filters.kiosk'),
            value: filters.kiosk_id,
            data: kiosks.map((k) => ({ value: k.id, label: k.name })),
          },
        ]}
        onChange={(c) => setFilters(c)}
        onClear={() => setFilters(NO_FILTERS)}
      />

      <DataGrid
        testId="printer"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.person.name}
        rowProps={(row) => ({ 'data-name': row.person.name, 'data-status': row.status })}
        searchLabel={t('printer.search')}
        countLabel={(count) => t('printer.count', { count })}
        loadFailedTitle={t('printer.load_failed')}
        empty={{
          icon: IconPrinter,
          title: t('printer.empty.title'),
          description: active > 0 || preference.search !== '' ? t('common.no_rows') : t('printer.empty.body'),
        }}
        rowActionsWidth={96}
        rowActions={(row) => (
          <GridRowActions>
            <GridRowAction
              label={t('printer.actions.reprint', { name: row.person.name })}
              icon={<IconRepeat size={16} />}
              onClick={() => reprint(row)}
              disabledReason={mayChange ? null : t('printer.actions.read_only')}
              testId="print-reprint"
            />
            <GridRowAction
              label={t('printer.actions.cancel', { name: row.person.name })}
              icon={<IconPrinterOff size={16} />}
              color="red"
              onClick={() => confirmCancel(row)}
              disabledReason={
                !mayChange
                  ? t('printer.actions.read_only')
                  : row.status !== 'queued'
                    ? t('printer.actions.cancel_only_queued')
                    : null
              }
              testId="print-cancel"
            />
          </GridRowActions>
        )}
      />
    </Stack>
  );
}
