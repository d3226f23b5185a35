import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KIOSK_STATUSES } from '@app/shared/kiosks/schemas';
import type { SiteTree } from '@app/shared/sites/schemas';
import type { GridFilters } from '@/components/data-grid/grid-state';
import { areaOptions } from '../utils/kiosk-areas';
import { isKioskStatus, withArea, withSite, type KioskFilters } from '../utils/kiosks-query';

type FilterName = 'site' | 'area' | 'status';

const EVERY: Record<FilterName, string> = {
  site: 'filters.all_sites',
  area: 'filters.all_areas',
  status: 'filters.any_status',
};

function FilterSelect({ by, ...props }: Omit<SelectProps, 'placeholder'> & { by: FilterName }) {
  const { t } = useTranslation('kiosks');
  return (
    <Select
      aria-label={t(`filters.${by}`)}
      placeholder={t(EVERY[by])}
      clearable
      w={{ base: '100%', sm: by === 'status' ? 130 : 160 }}
      data-testid={`kiosks-filter-${by}`}
      {...props}
    />
  );
}

type KioskFilterSelectsProps = {
  filters: KioskFilters;
  tree: SiteTree;
  disabled: boolean;
  onChange: (next: (current: GridFilters) => GridFilters) => void;
};

/** What the kiosk grid is narrowed to: a site, an area (of that site), online or offline. */
export function KioskFilterSelects({ filters, tree, disabled, onChange }: KioskFilterSelectsProps) {
  const { t } = useTranslation('kiosks');
  const select = (by: FilterName, props: Omit<SelectProps, 'placeholder' | 'disabled'>) => (
    <FilterSelect by={by} disabled={disabled} {...props} />
  );
  const areas = tree.flatMap((site) => site.children);
  return (
    <>
      {select('site', {
        data: tree.map((site) => ({ value: site.value, label: site.text })),
        value: filters.siteId,
        onChange: (siteId) => onChange((current) => withSite(current, siteId, tree)),
        searchable: true,
      })}
      {select('area', {
        data: areaOptions(filters.siteId ? tree.filter((site) => site.value === filters.siteId) : tree),
        value: filters.areaId,
        onChange: (id) => onChange((current) => withArea(current, areas.find((area) => area.id === id) ?? null)),
        searchable: true,
      })}
      {select('status', {
        data: KIOSK_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
        value: filters.status,
        onChange: (status) =>
          onChange(({ status: _old, ...rest }) => (isKioskStatus(status) ? { ...rest, status } : rest)),
      })}
    </>
  );
}
