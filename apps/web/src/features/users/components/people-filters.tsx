import { Badge, Button, Popover, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_ACCESS, PERSON_STATUSES } from '@app/shared/people/schemas';
import type { GridFilters } from '@/components/data-grid/grid-state';
import { roleName } from '@/lib/role-name';
import { useAssignableRoles } from '../api/list-assignable-roles';
import { useDepartments } from '../api/list-departments';
import { useLabels } from '../api/list-labels';
import { useSiteTree } from '../api/get-site-tree';
import { useUserTypeTree } from '../api/get-user-type-tree';
import { activeFilterCount, type PeopleFilterKey } from '../utils/people-query';
import { siteOptions, userTypeOptions, type TreeOption } from '../utils/tree-options';
import { OptionMultiSelect } from './option-multi-select';
import { ClearFiltersButton } from '@/components/ui/clear-filters-button';

type PeopleFiltersProps = {
  filters: GridFilters;
  /** Until the saved filters are restored. */
  disabled?: boolean;
  onChange: (key: PeopleFilterKey, value: string | string[] | null) => void;
  onClear: () => void;
};

const listOf = (value: GridFilters[string] | undefined): string[] =>
  Array.isArray(value) ? value : value ? [value] : [];
const flat = (items: { id: string; name: string }[] | undefined): TreeOption[] =>
  (items ?? []).map((item) => ({ value: item.id, label: item.name, depth: 0 }));

/** The users grid's filters: user type, site, role, label, department, status and dashboard access. */
export function PeopleFilters({ filters, disabled, onChange, onClear }: PeopleFiltersProps) {
  const { t } = useTranslation('users');
  const userTypes = useUserTypeTree();
  const sites = useSiteTree();
  const roles = useAssignableRoles();
  const labels = useLabels();
  const departments = useDepartments();
  const active = activeFilterCount(filters);

  const multi = (key: PeopleFilterKey, label: string, options: TreeOption[]) => (
    <OptionMultiSelect
      label={label}
      placeholder={t('filters.any')}
      options={options}
      value={listOf(filters[key])}
      onChange={(value) => onChange(key, value)}
      nothingFoundMessage={t('filters.nothing_found')}
      clearable
      // The popover focuses its first field when it opens: that should not open a list over the others.
      openOnFocus={false}
      comboboxProps={{ withinPortal: false }}
      data-testid={`users-filter-${key}`}
    />
  );

  return (
    <Popover position="bottom-start" shadow="md" width={560} trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant={active > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          disabled={disabled}
          rightSection={
            active > 0 ? (
              <Badge size="sm" circle data-testid="users-filter-count">
                {active}
              </Badge>
            ) : null
          }
          data-testid="users-filters"
        >
          {t('filters.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 32px)">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('filters.title')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {multi('user_type_id', t('filters.user_type'), userTypeOptions(userTypes.data ?? []))}
            {multi('site_id', t('filters.site'), siteOptions(sites.data ?? []))}
            {multi(
              'role_id',
              t('filters.role'),
              flat(roles.data?.map((role) => ({ id: role.id, name: roleName(role, t) }))),
            )}
            {multi('label_id', t('filters.label'), flat(labels.data))}
            {multi('department_id', t('filters.department'), flat(departments.data))}
            <Select
              label={t('filters.status')}
              placeholder={t('filters.any')}
              data={PERSON_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              value={typeof filters.status === 'string' ? filters.status : null}
              onChange={(value) => onChange('status', value)}
              clearable
              comboboxProps={{ withinPortal: false }}
              data-testid="users-filter-status"
            />
            <Select
              label={t('filters.dashboard_access')}
              placeholder={t('filters.any')}
              data={DASHBOARD_ACCESS.map((access) => ({ value: access, label: t(`access.${access}`) }))}
              value={typeof filters.dashboard_access === 'string' ? filters.dashboard_access : null}
              onChange={(value) => onChange('dashboard_access', value)}
              clearable
              comboboxProps={{ withinPortal: false }}
              data-testid="users-filter-dashboard_access"
            />
          </SimpleGrid>
          <ClearFiltersButton
            active={active}
            onClear={onClear}
            label={t('filters.clear')}
            testId="users-filters-clear"
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
