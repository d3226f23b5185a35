// The logbook's filter fields, in the filters' popover: loaded when the popover first opens (or the
// button is pointed at or focused), with the date picker, so the dashboard does not wait for them.
import { Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { LogbookFilterOptions } from '@app/shared/visits/schemas';
import { JOURNEY_STAGES, VISIT_STATES } from '@app/shared/visits/stages';
import { DATE_INPUT_FORMAT } from '@/lib/dates';
import { activeFilterCount } from '../utils/logbook-query';
import type { LogbookFilterControl } from './logbook-filters';
import { ClearFiltersButton } from '@/components/ui/clear-filters-button';

type LogbookFilterFieldsProps = { control: LogbookFilterControl; options: LogbookFilterOptions | undefined };

/** Days, state, site, area, user type and journey stage, and the button that clears them. */
export function LogbookFilterFields({ control, options }: LogbookFilterFieldsProps) {
  const { t } = useTranslation('visits');
  const { filters, change } = control;
  const active = activeFilterCount(filters);
  const sites = options?.sites ?? [];
  const site = sites.find((s) => s.id === filters.site_id);
  const areaGroups = (site ? [site] : sites)
    .filter((s) => s.areas.length > 0)
    .map((s) => ({ group: s.name, items: s.areas.map((a) => ({ value: a.id, label: a.name })) }));

  const select = (
    key: 'state' | 'site_id' | 'area_id' | 'user_type_id' | 'stage',
    label: string,
    data: Parameters<typeof Select>[0]['data'],
  ) => (
    <Select
      label={label}
      placeholder={t('filters.any')}
      data={data}
      value={filters[key] ?? null}
      onChange={(value) => change({ [key]: value })}
      clearable
      searchable
      nothingFoundMessage={t('filters.nothing_found')}
      comboboxProps={{ withinPortal: false }}
      data-testid={`logbook-filter-${key}`}
    />
  );

  return (
    <>
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        label={t('filters.days')}
        description={t('filters.days_hint')}
        placeholder={t('filters.today')}
        valueFormat={DATE_INPUT_FORMAT}
        value={[filters.from ?? null, filters.to ?? null]}
        onChange={([from, to]) => change({ from, to: to ?? from })}
        clearable
        popoverProps={{ withinPortal: false }}
        data-testid="logbook-filter-days"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {select(
          'state',
          t('filters.state'),
          VISIT_STATES.map((state) => ({ value: state, label: t(`states.${state}`) })),
        )}
        {select(
          'stage',
          t('filters.stage'),
          JOURNEY_STAGES.map((stage) => ({ value: stage, label: t(`stages.${stage}`) })),
        )}
        {select(
          'site_id',
          t('filters.site'),
          sites.map((s) => ({ value: s.id, label: s.name })),
        )}
        {select('area_id', t('filters.area'), areaGroups)}
        {select(
          'user_type_id',
          t('filters.user_type'),
          (options?.user_types ?? []).map((type) => ({ value: type.id, label: type.name })),
        )}
      </SimpleGrid>
      <ClearFiltersButton
        active={active}
        onClear={control.clear}
        label={t('filters.clear')}
        testId="logbook-filters-clear"
      />
    </>
  );
}
