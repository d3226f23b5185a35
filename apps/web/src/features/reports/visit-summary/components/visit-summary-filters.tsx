import { Button, Group, Paper, SegmentedControl, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitSummaryOptions } from '@app/shared/reports/visit-summary';
import { SUMMARY_PERIODS, type SummaryPageFilters, type SummaryPeriod } from '../utils/summary-period';
import { DaysRangeInput } from '../../components/days-range-input';

type Change = (change: Partial<Record<keyof SummaryPageFilters, string | null | undefined>>) => void;

type Props = {
  filters: SummaryPageFilters;
  range: { from: string; to: string };
  options: VisitSummaryOptions | undefined;
  onChange: Change;
  /** What the bar holds at its end (the export). */
  actions?: ReactNode;
};

/** The period (this week, month, year or chosen days) and the place and user type the figures cover. */
export function VisitSummaryFilters({ filters, range, options, onChange, actions }: Props) {
  const { t } = useTranslation('reports');
  const sites = options?.sites ?? [];
  const site = sites.find((s) => s.id === filters.site_id);
  const areaGroups = (site ? [site] : sites)
    .filter((s) => s.areas.length > 0)
    .map((s) => ({ group: s.name, items: s.areas.map((a) => ({ value: a.id, label: a.name })) }));
  const filtered = Boolean(filters.site_id || filters.area_id || filters.user_type_id);

  const select = (
    key: 'site_id' | 'area_id' | 'user_type_id',
    label: string,
    data: Parameters<typeof Select>[0]['data'],
  ) => (
    <Select
      label={label}
      placeholder={t('visit_summary.filters.any')}
      data={data}
      value={filters[key] ?? null}
      onChange={(picked) => {
        const value = picked === null ? null : String(picked);
        onChange(key === 'site_id' ? { site_id: value, area_id: null } : { [key]: value });
      }}
      clearable
      searchable
      nothingFoundMessage={t('visit_summary.filters.nothing_found')}
      w={200}
      data-testid={`visit-summary-filter-${key}`}
    />
  );

  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="sm" align="flex-end" justify="space-between" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label={t('visit_summary.period.label')}
            value={filters.period}
            onChange={(value) =>
              onChange(
                value === 'custom'
                  ? { period: value, from: range.from, to: range.to }
                  : { period: value, from: null, to: null },
              )
            }
            data={SUMMARY_PERIODS.map((p: SummaryPeriod) => ({ value: p, label: t(`visit_summary.period.${p}`) }))}
            data-testid="visit-summary-period"
          />
          <DaysRangeInput
            label={t('visit_summary.period.days')}
            from={range.from}
            to={range.to}
            onChange={(days) => onChange({ period: 'custom', ...days })}
            testId="visit-summary-days"
          />
        </Group>
        {actions}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" mt="sm">
        {select(
          'site_id',
          t('common.site'),
          sites.map((s) => ({ value: s.id, label: s.name })),
        )}
        {select('area_id', t('common.area'), areaGroups)}
        {select(
          'user_type_id',
          t('common.user_type'),
          (options?.user_types ?? []).map((type) => ({ value: type.id, label: type.name })),
        )}
        {filtered && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => onChange({ site_id: null, area_id: null, user_type_id: null })}
          >
            {t('visit_summary.filters.clear')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
