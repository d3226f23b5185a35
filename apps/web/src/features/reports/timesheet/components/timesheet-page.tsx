import { Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { formatIsoDay } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { ExportButton } from '../../components/export-button';
import { useUrlFilters } from '@/lib/url-filters';
import { useTimesheetOptions } from '../api/get-timesheet-options';
import { useTimesheet } from '../api/list-timesheet';
import {
  activeFilterCount,
  rangeOf,
  TIMESHEET_GRID,
  timesheetFilters,
  timesheetPageFiltersSchema,
  timesheetQuery,
  timesheetRows,
  type TimesheetPageFilters,
  type TimesheetRow,
} from '../utils/timesheet-query';
import { CorrectDayModal, type CorrectDayTarget } from './correct-day-modal';
import { useTimesheetColumns } from './timesheet-columns';
import { TimesheetFilters } from './timesheet-filters';

const NO_FILTERS: Partial<TimesheetPageFilters> = {
  site_id: undefined,
  user_type_id: undefined,
  person_id: undefined,
  person_name: undefined,
};

/**
 * The Timesheet report (spec §2 /reporting/timesheet): per person and day, first in, last out, time
 * on site, reasons and expected hours, a totals row under each person; those who manage people correct
 * a day with a reason.
 */
export function TimesheetPage() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(timesheetPageFiltersSchema);
  const grid = usePreferredGrid('reporting-timesheet', useTimesheetColumns(), TIMESHEET_GRID);
  const { preference } = grid;
  const list = useTimesheet(timesheetQuery(filters, preference), preference.ready);
  const options = useTimesheetOptions();
  const canCorrect = isAllowed(useSession()?.permissions, 'users');
  const [target, setTarget] = useState<CorrectDayTarget>(null);
  const range = rangeOf(filters);
  const filtered = activeFilterCount(filters) > 0 || preference.search !== '';
  const timezone = list.data?.timezone;
  const rows = useMemo(() => timesheetRows(list.data), [list.data]);
  const listProps = gridListProps(list);

  const visibleColumns = useMemo(
    () => preference.state.columnOrder.filter((id) => preference.state.columnVisibility[id] !== false),
    [preference.state.columnOrder, preference.state.columnVisibility],
  );

  const label = (row: TimesheetRow) =>
    row.kind === 'day'
      ? t('timesheet.row_label', { name: row.person.full_name, day: formatIsoDay(row.day.day) })
      : t('timesheet.total_of', { name: row.person.full_name });

  return (
    <Stack gap="lg" data-testid="timesheet-page">
      <Stack gap={4}>
        <Title order={2}>{t('timesheet.title')}</Title>
        <Text c="dimmed">{t('timesheet.description')}</Text>
        {timezone && (
          <Text size="xs" c="dimmed" data-testid="timesheet-timezone">
            {t('timesheet.timezone', { timezone })}
          </Text>
        )}
      </Stack>

      <TimesheetFilters
        filters={filters}
        range={range}
        options={options.data}
        onChange={(change) => setFilters(change as Partial<TimesheetPageFilters>)}
        onClear={() => setFilters(NO_FILTERS)}
        actions={
          <ExportButton
            report="timesheet"
            filters={timesheetFilters(filters, preference.search)}
            columns={visibleColumns}
          />
        }
      />

      <DataGrid
        testId="timesheet"
        columns={grid.columns}
        {...listProps}
        data={rows}
        preference={preference}
        getRowId={(row) => row.id}
        getRowLabel={label}
        rowProps={(row) => ({
          'data-name': row.person.full_name,
          'data-kind': row.kind,
          'data-day': row.kind === 'day' ? row.day.day : undefined,
        })}
        searchLabel={t('timesheet.search')}
        countLabel={(count) => t('timesheet.count', { count })}
        loadFailedTitle={t('timesheet.load_failed')}
        empty={{
          icon: IconClockHour4,
          title: t('timesheet.empty.title'),
          description: filtered ? t('timesheet.empty.filtered') : t('timesheet.empty.body'),
        }}
        rowActionsWidth={canCorrect ? 64 : undefined}
        rowActions={
          canCorrect
            ? (row) =>
                row.kind === 'day' ? (
                  <GridRowActions>
                    <GridRowAction
                      label={t('timesheet.correct.action')}
                      icon={<IconPencil size={16} />}
                      onClick={() => setTarget({ person: row.person, day: row.day })}
                      testId="timesheet-correct"
                    />
                  </GridRowActions>
                ) : null
            : undefined
        }
      />

      <CorrectDayModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
