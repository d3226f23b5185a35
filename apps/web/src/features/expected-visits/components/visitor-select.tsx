import { Group, Select, Stack, Text, type ComboboxItem, type ComboboxParsedItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VISITOR_SEARCH_MIN } from '@app/shared/expected-visits/form-options';
import { useVisitorSearch } from '../api/search-visitors';
import type { PersonChoice } from '../utils/expected-visit-form';

type VisitorSelectProps = {
  value: PersonChoice | null;
  onChange: (person: PersonChoice | null) => void;
  error?: ReactNode;
  testId: string;
};

/** An existing person as the visitor: the active people the admin may expect, searched on the server. */
export function VisitorSelect({ value, onChange, error, testId }: VisitorSelectProps) {
  const { t } = useTranslation('expected-visits');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const people = useVisitorSearch(term);

  const known = new Map<string, PersonChoice>(value ? [[value.id, value]] : []);
  const found = new Set<string>();
  for (const person of people.data?.data ?? []) {
    found.add(person.id);
    known.set(person.id, {
      id: person.id,
      full_name: person.full_name,
      email: person.email,
      user_types: person.user_types,
    });
  }
  const data: ComboboxItem[] = [...known.values()].map((p) => ({ value: p.id, label: p.full_name }));
  const typed = search.trim();
  // The chosen person's name stands in the box: that is not a search.
  const searching = typed !== '' && typed !== value?.full_name;
  const nothingFound = !searching
    ? undefined
    : typed.length < VISITOR_SEARCH_MIN
      ? t('form.person_type_more', { count: VISITOR_SEARCH_MIN })
      : people.isFetching || term !== typed
        ? t('form.person_searching')
        : t('form.person_nothing_found');

  return (
    <Select
      label={t('form.person')}
      description={t('form.person_description')}
      placeholder={t('form.person_placeholder')}
      leftSection={<IconSearch size={16} />}
      data={data}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (known.get(id) ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }: { options: ComboboxParsedItem[] }) =>
        searching && term.length >= VISITOR_SEARCH_MIN
          ? options.filter((o) => 'value' in o && found.has(o.value))
          : options.filter((o) => 'value' in o && o.value === value?.id)
      }
      nothingFoundMessage={nothingFound}
      renderOption={({ option, checked }) => {
        const person = known.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Stack gap={0} miw={0}>
              <Text size="sm" truncate="end">
                {option.label}
              </Text>
              {person?.email && (
                <Text size="xs" c="dimmed" truncate="end" dir="ltr" ta="start">
                  {person.email}
                </Text>
              )}
            </Stack>
            {checked && <IconCheck size={14} />}
          </Group>
        );
      }}
      required
      clearable
      maxDropdownHeight={300}
      comboboxProps={{ withinPortal: true }}
      error={error}
      data-testid={testId}
    />
  );
}
