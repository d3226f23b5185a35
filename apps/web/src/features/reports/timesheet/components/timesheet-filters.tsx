import { Button, Group, Paper, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { PresenceOptions } from '@app/shared/reports/presence';
import { PersonSearchSelect } from '@/components/people-picker/people-picker';
import { useSession } from '@/lib/session';
import { activeFilterCount, type TimesheetPageFilters } from '../utils/timesheet-query';
import { DaysRangeInput } from '../../components/days-range-input';

type Change = (change: Partial<Record<keyof TimesheetPageFilters, string | null | undefined>>) => void;

/** The report's days, site, user type and person, all kept in the address. */
export function TimesheetFilters(props: {
  filters: TimesheetPageFilters;
  range: { from: string; to: string };
  options: PresenceOptions | undefined;
  onChange: Change;
  onClear: () => void;
  /** What the bar holds at its end (the export). */
  actions?: ReactNode;
}) {
  const { filters, range, options, onChange } = props;
  const { t } = useTranslation('reports');
  // People are found in the Users list by those who may read it, else as the dashboard finds them.
  const source = isAllowed(useSession()?.permissions, 'users') ? 'people' : 'sign-in';
  const select = (key: 'site_id' | 'user_type_id', label: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      placeholder={t('common.any')}
      data={data}
      value={filters[key] ?? null}
      onChange={(value) => onChange({ [key]: value })}
      clearable
      searchable
      w={180}
      comboboxProps={{ withinPortal: false }}
      data-testid={`timesheet-filter-${key}`}
    />
  );
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <DaysRangeInput
          label={t('timesheet.filters.days')}
          from={range.from}
          to={range.to}
          onChange={onChange}
          testId="timesheet-filter-days"
        />
        {select(
          'site_id',
          t('common.site'),
          (options?.sites ?? []).map((s) => ({ value: s.id, label: s.name })),
        )}
        {select(
          'user_type_id',
          t('common.user_type'),
          (options?.user_types ?? []).map((u) => ({ value: u.id, label: u.name })),
        )}
        <div style={{ width: 220 }}>
          <PersonSearchSelect
            label={t('common.person')}
            source={source}
            value={
              filters.person_id ? { id: filters.person_id, full_name: filters.person_name ?? '', email: null } : null
            }
            onChange={(person) => onChange({ person_id: person?.id ?? null, person_name: person?.full_name ?? null })}
            testId="timesheet-filter-person"
          />
        </div>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={14} />}
          disabled={activeFilterCount(filters) === 0}
          onClick={props.onClear}
          data-testid="timesheet-filters-clear"
        >
          {t('common.clear_filters')}
        </Button>
        <Group style={{ marginInlineStart: 'auto' }}>{props.actions}</Group>
      </Group>
    </Paper>
  );
}
