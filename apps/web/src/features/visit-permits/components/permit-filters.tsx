import { Group, MultiSelect, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERMIT_PERIODS, RECURRENCES } from '@app/shared/visit-permits/schemas';
import type { GridFilters } from '@/components/data-grid/grid-state';
import { permitFilters, type PermitFilterKey } from '../utils/permits-query';

type PermitFiltersProps = {
  filters: GridFilters;
  disabled?: boolean;
  onChange: (key: PermitFilterKey, value: string | string[] | null) => void;
};

/** The permits grid's filters, beside the search: how a permit repeats, and where it stands today. */
export function PermitFilters({ filters, disabled, onChange }: PermitFiltersProps) {
  const { t } = useTranslation('visit-permits');
  const { recurrence, period } = permitFilters(filters);
  return (
    <Group gap="xs" wrap="wrap">
      <MultiSelect
        aria-label={t('filters.recurrence')}
        placeholder={recurrence.length ? undefined : t('filters.recurrence')}
        data={RECURRENCES.map((r) => ({ value: r, label: t(`recurrences.${r}`) }))}
        value={recurrence}
        onChange={(value) => onChange('recurrence', value)}
        clearable
        disabled={disabled}
        w={190}
        comboboxProps={{ withinPortal: true }}
        data-testid="permits-filter-recurrence"
      />
      <Select
        aria-label={t('filters.period')}
        placeholder={t('filters.period')}
        data={PERMIT_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
        value={period ?? null}
        onChange={(value) => onChange('period', value)}
        clearable
        disabled={disabled}
        w={150}
        comboboxProps={{ withinPortal: true }}
        data-testid="permits-filter-period"
      />
    </Group>
  );
}
