import { Badge, Button, Collapse, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { HISTORY_ARRIVED, type HistoryOptions } from '@app/shared/reports/history';
import { PersonSearchSelect } from '@/components/people-picker/people-picker';
import { useSession } from '@/lib/session';
import { activeFilterCount, type HistoryPageFilters } from '../utils/history-query';
import { DaysRangeInput } from '../../components/days-range-input';
import { ClearFiltersButton } from '@/components/ui/clear-filters-button';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const pad = (n: number) => String(n).padStart(2, '0');

type Change = (change: Partial<Record<keyof HistoryPageFilters, string | null | undefined>>) => void;

type HistoryFiltersProps = {
  filters: HistoryPageFilters;
  range: { from: string; to: string };
  options: HistoryOptions | undefined;
  onChange: Change;
  onClear: () => void;
  /** What the bar holds at its end (the export). */
  actions?: ReactNode;
};

/** The report's days, and the other filters in a panel: place, user type, people, stage, sources, reasons, a profile value. */
export function HistoryFilters({ filters, range, options, onChange, onClear, actions }: HistoryFiltersProps) {
  const [opened, setOpened] = useState(() => activeFilterCount(filters) > 0);
  const { t } = useTranslation(['reports', 'visits']);
  // People are found in the Users list by those who may read it, else as the dashboard finds them.
  const source = isAllowed(useSession()?.permissions, 'users') ? 'people' : 'sign-in';
  const active = activeFilterCount(filters);
  const sites = options?.sites ?? [];
  const site = sites.find((s) => s.id === filters.site_id);
  const areaGroups = (site ? [site] : sites)
    .filter((s) => s.areas.length > 0)
    .map((s) => ({ group: s.name, items: s.areas.map((a) => ({ value: a.id, label: a.name })) }));
  const field = options?.custom_fields.find((f) => f.id === filters.field_id);

  const select = (
    key:
      | 'site_id'
      | 'area_id'
      | 'user_type_id'
      | 'stage'
      | 'state'
      | 'signed_in_by'
      | 'late_reason_id'
      | 'early_reason_id'
      | 'field_id',
    label: string,
    data: Parameters<typeof Select>[0]['data'],
    change: (value: string | null) => Parameters<Change>[0] = (value) => ({ [key]: value }),
  ) => (
    <Select
      label={label}
      placeholder={t('history.filters.any')}
      data={data}
      value={filters[key] ?? null}
      onChange={(value) => onChange(change(value as string | null))}
      clearable
      searchable
      nothingFoundMessage={t('history.filters.nothing_found')}
      comboboxProps={{ withinPortal: false }}
      data-testid={`history-filter-${key}`}
    />
  );

  /** A whole-number filter (weekday, hour): the address holds its number, the select its text. */
  const numberSelect = (key: 'weekday' | 'hour', label: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      placeholder={t('history.filters.any')}
      data={data}
      value={filters[key] === undefined ? null : String(filters[key])}
      onChange={(value) => onChange({ [key]: value })}
      clearable
      comboboxProps={{ withinPortal: false }}
      data-testid={`history-filter-${key}`}
    />
  );

  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Group gap="sm" wrap="wrap">
          <DaysRangeInput
            ariaLabel={t('history.filters.days')}
            from={range.from}
            to={range.to}
            onChange={onChange}
            testId="history-filter-days"
          />
          <Button
            variant={active > 0 ? 'light' : 'default'}
            onClick={() => setOpened((o) => !o)}
            aria-expanded={opened}
            aria-controls="history-filter-panel"
            leftSection={<IconFilter size={16} />}
            rightSection={
              active > 0 ? (
                <Badge size="sm" circle data-testid="history-filter-count">
                  {active}
                </Badge>
              ) : null
            }
            data-testid="history-filters"
          >
            {t('history.filters.button')}
          </Button>
        </Group>
        {actions}
      </Group>
      <Collapse expanded={opened}>
        <Stack gap="sm" pt="sm" id="history-filter-panel">
          <Text fw={600} size="sm" component="h2">
            {t('history.filters.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('history.filters.days_hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {select(
              'site_id',
              t('history.filters.site'),
              sites.map((s) => ({ value: s.id, label: s.name })),
              (value) => ({ site_id: value, area_id: null }),
            )}
            {select('area_id', t('history.filters.area'), areaGroups)}
            {select(
              'user_type_id',
              t('history.filters.user_type'),
              (options?.user_types ?? []).map((type) => ({ value: type.id, label: type.name })),
            )}
            {select('state', t('history.filters.state'), [
              { value: HISTORY_ARRIVED, label: t('history.filters.arrived') },
              ...(options?.states ?? []).map((state) => ({ value: state, label: t(`visits:states.${state}`) })),
            ])}
            <PersonSearchSelect
              label={t('history.filters.person')}
              source={source}
              value={
                filters.person_id ? { id: filters.person_id, full_name: filters.person_name ?? '', email: null } : null
              }
              onChange={(person) => onChange({ person_id: person?.id ?? null, person_name: person?.full_name ?? null })}
              testId="history-filter-person"
            />
            <PersonSearchSelect
              label={t('history.filters.host')}
              source={source}
              value={filters.host_id ? { id: filters.host_id, full_name: filters.host_name ?? '', email: null } : null}
              onChange={(person) => onChange({ host_id: person?.id ?? null, host_name: person?.full_name ?? null })}
              testId="history-filter-host"
            />
            {select(
              'stage',
              t('history.filters.stage'),
              (options?.stages ?? []).map((stage) => ({ value: stage, label: t(`visits:stages.${stage}`) })),
            )}
            {numberSelect(
              'weekday',
              t('history.filters.weekday'),
              WEEKDAYS.map((day) => ({ value: String(day), label: t(`history.filters.weekdays.${day}`) })),
            )}
            {numberSelect(
              'hour',
              t('history.filters.hour'),
              HOURS.map((hour) => ({
                value: String(hour),
                label: t('history.filters.hour_value', { hour: pad(hour) }),
              })),
            )}
            {select(
              'signed_in_by',
              t('history.filters.signed_in_by'),
              (options?.sign_in_sources ?? []).map((s) => ({ value: s, label: t(`visits:sources.${s}`) })),
            )}
            {select(
              'late_reason_id',
              t('history.filters.late_reason'),
              (options?.late_reasons ?? []).map((r) => ({ value: r.id, label: r.name })),
            )}
            {select(
              'early_reason_id',
              t('history.filters.early_reason'),
              (options?.early_reasons ?? []).map((r) => ({ value: r.id, label: r.name })),
            )}
            {select(
              'field_id',
              t('history.filters.field'),
              (options?.custom_fields ?? []).map((f) => ({ value: f.id, label: f.name })),
              (value) => ({ field_id: value, field_value: null }),
            )}
            {field && field.choices.length > 0 ? (
              <Select
                label={t('history.filters.field_value')}
                placeholder={t('history.filters.any')}
                data={field.choices}
                value={filters.field_value ?? null}
                onChange={(value) => onChange({ field_value: value })}
                clearable
                comboboxProps={{ withinPortal: false }}
                data-testid="history-filter-field_value"
              />
            ) : (
              <TextInput
                label={t('history.filters.field_value')}
                placeholder={t('history.filters.field_value_placeholder')}
                disabled={!field}
                defaultValue={filters.field_value ?? ''}
                key={`${filters.field_id ?? ''}:${filters.field_value ?? ''}`}
                onBlur={(event) => onChange({ field_value: event.currentTarget.value.trim() || null })}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') onChange({ field_value: event.currentTarget.value.trim() || null });
                }}
                data-testid="history-filter-field_value"
              />
            )}
          </SimpleGrid>
          <ClearFiltersButton
            active={active}
            onClear={onClear}
            label={t('history.filters.clear')}
            testId="history-filters-clear"
          />
        </Stack>
      </Collapse>
    </Paper>
  );
}
