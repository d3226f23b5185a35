import { Group, MultiSelect, Stack, Text, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { UserTypeHost } from '@app/shared/people/schemas';
import { useSession } from '@/lib/session';
import { PEOPLE_SEARCH_MIN, useSearchPeople } from '../api/search-people';

type HostsPickerProps = {
  value: UserTypeHost[];
  onChange: (hosts: UserTypeHost[]) => void;
  error?: string;
};

/**
 * The people who host a type's visitors (spec §3 User type: hosts): a multi-select that searches the
 * company's active people on the server once two characters are typed.
 */
export function HostsPicker({ value, onChange, error }: HostsPickerProps) {
  const { t } = useTranslation('user-types');
  const canSearch = isAllowed(useSession()?.permissions, 'users');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const people = useSearchPeople(canSearch ? term : '');

  // The chosen hosts stay known (their pills need a label) whatever the current search finds.
  const known = new Map<string, UserTypeHost>(value.map((host) => [host.id, host]));
  const found = new Set<string>();
  for (const person of people.data?.data ?? []) {
    found.add(person.id);
    if (!known.has(person.id))
      known.set(person.id, { id: person.id, full_name: person.full_name, email: person.email });
  }
  const data: ComboboxItem[] = [...known.values()].map((host) => ({ value: host.id, label: host.full_name }));

  // Nothing typed (after a pick, too): no dropdown at all, so it covers nothing below.
  const nothingFound =
    search.trim() === ''
      ? undefined
      : term.length < PEOPLE_SEARCH_MIN
        ? t('hosts.type_more', { count: PEOPLE_SEARCH_MIN })
        : people.isFetching
          ? t('hosts.searching')
          : t('hosts.nothing_found');

  return (
    <MultiSelect
      label={t('hosts.label')}
      description={canSearch ? t('hosts.description') : t('hosts.no_access')}
      placeholder={value.length === 0 ? t('hosts.placeholder') : undefined}
      data={data}
      value={value.map((host) => host.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)).filter((host) => host !== undefined))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched: show what it found for the typed words, nothing before two characters.
      filter={({ options }) =>
        term.length < PEOPLE_SEARCH_MIN ? [] : options.filter((o) => 'value' in o && found.has(o.value))
      }
      nothingFoundMessage={nothingFound}
      renderOption={({ option, checked }) => {
        const host = known.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Stack gap={0} miw={0}>
              <Text size="sm" truncate="end">
                {option.label}
              </Text>
              {host?.email && (
                <Text size="xs" c="dimmed" truncate="end" dir="ltr" ta="start">
                  {host.email}
                </Text>
              )}
            </Stack>
            {checked && <IconCheck size={14} />}
          </Group>
        );
      }}
      disabled={!canSearch}
      clearable
      maxDropdownHeight={300}
      comboboxProps={{ withinPortal: true }}
      error={error}
      data-testid="user-type-hosts"
    />
  );
}
