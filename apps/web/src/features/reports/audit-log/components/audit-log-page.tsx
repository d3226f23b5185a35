import { Group, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditLogRow } from '@app/shared/reports/audit-log';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { useUrlFilters } from '@/lib/url-filters';
import { ExportButton } from '../../components/export-button';
import { DeviceFilterBar } from '../../devices/components/device-filter-bar';
import { activeFilterCount, DEVICES_GRID, rangeOf } from '../../devices/utils/device-filters';
import { useAuditLog, useAuditLogOptions } from '../api/list-audit-log';
import { auditLogFilters, auditLogPageFiltersSchema, auditLogQuery } from '../utils/audit-filters';
import { AuditChange } from './audit-change';
import { useActorName, useAuditLogColumns } from './audit-log-columns';

const NO_FILTERS = { actor_user_id: undefined, action: undefined, target_type: undefined, target_id: undefined };

/**
 * The audit log (issue 29): every change recorded in the company in the chosen days, newest first, by
 * who made it, its action and its target; each change's values before and after; exported like a report.
 */
export function AuditLogPage() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(auditLogPageFiltersSchema);
  const [shown, setShown] = useState<AuditLogRow | null>(null);
  const grid = usePreferredGrid('audit-log', useAuditLogColumns(setShown), DEVICES_GRID);
  const { preference } = grid;
  const list = useAuditLog(auditLogQuery(filters, preference), preference.ready);
  const range = rangeOf(filters);
  const options = useAuditLogOptions(range);
  const actorName = useActorName();

  const visibleColumns = useMemo(
    () =>
      preference.state.columnOrder.filter((id) => id !== 'change' && preference.state.columnVisibility[id] !== false),
    [preference.state.columnOrder, preference.state.columnVisibility],
  );
  const exportFilters = { ...auditLogFilters(filters), ...(preference.search ? { search: preference.search } : {}) };
  // A filter from the address stays shown even when the days shown wrote none of it.
  const withCurrent = (data: { value: string; label: string }[], current: string | undefined) =>
    current && !data.some((d) => d.value === current) ? [...data, { value: current, label: current }] : data;
  const codes = (values: string[] | undefined, current: string | undefined) =>
    withCurrent(
      (values ?? []).map((v) => ({ value: v, label: v })),
      current,
    );

  return (
    <Stack gap="lg" data-testid="audit-log-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2}>{t('audit_log.title')}</Title>
          <Text c="dimmed">{t('audit_log.description')}</Text>
        </Stack>
        <ExportButton report="audit_log" filters={exportFilters} columns={[...visibleColumns, 'before', 'after']} />
      </Group>

      <DeviceFilterBar
        testId="audit-log"
        range={range}
        daysLabel={t('kiosk_logs.filters.days')}
        anyLabel={t('kiosk_logs.filters.any')}
        clearLabel={t('kiosk_logs.filters.clear')}
        nothingFound={t('kiosk_logs.filters.nothing_found')}
        active={activeFilterCount(filters)}
        selects={[
          {
            key: 'actor_user_id',
            label: t('audit_log.filters.actor'),
            value: filters.actor_user_id,
            data: withCurrent(
              (options.data?.actors ?? []).map((a) => ({ value: a.id, label: a.name })),
              filters.actor_user_id,
            ),
          },
          {
            key: 'action',
            label: t('audit_log.filters.action'),
            value: filters.action,
            data: codes(options.data?.actions, filters.action),
          },
          {
            key: 'target_type',
            label: t('audit_log.filters.target_type'),
            value: filters.target_type,
            data: codes(options.data?.target_types, filters.target_type),
          },
        ]}
        onChange={(c) => setFilters(c)}
        onClear={() => setFilters(NO_FILTERS)}
      />

      <DataGrid
        testId="audit-log"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${actorName(row)} ${row.action}`}
        rowProps={(row) => ({ 'data-action': row.action, 'data-target': row.target_id ?? undefined })}
        searchLabel={t('audit_log.search')}
        countLabel={(count) => t('audit_log.count', { count })}
        loadFailedTitle={t('audit_log.load_failed')}
        empty={{ icon: IconHistory, title: t('audit_log.empty.title'), description: t('audit_log.empty.text') }}
      />
      <AuditChange row={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
