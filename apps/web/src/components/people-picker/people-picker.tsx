import { Group, MultiSelect, Select, Stack, Text, type ComboboxItem, type ComboboxParsedItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { useSession } from '@/lib/session';
import { PEOPLE_SEARCH_MIN, SOURCE_PERMISSION, useSearchPeople, type PeopleSource } from './search-people';

// The people pickers of the product (hosts of a user type or a journey flow, people given a visit
// permit, the permit checker): the company's active people, searched on the server.

export type PersonOption = { id: string; full_name: string; email: string | null };

/**
 * Texts a picker may word for its purpose (the rest come from the common catalogue), and where it
 * searches (the Users list unless told).
 */
type PickerTexts = { label: string; description?: string; noAccess?: string; source?: PeopleSource };

/**
 * The company's people searched on the server once two characters are typed. Searching the Users list
 * needs access to Users (the sign-in search, the dashboard); without it the picker says so.
 */
function usePeopleOptions(chosen: PersonOption[], texts: PickerTexts) {
  const { t } = useTranslation('common');
  const source = texts.source ?? 'people';
  const canSearch = isAllowed(useSession()?.permissions, SOURCE_PERMISSION[source]);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const people = useSearchPeople(canSearch ? term : '', source);
  // The chosen people stay known (their labels) whatever the current search finds.
  const known = new Map<string, PersonOption>(chosen.map((p) => [p.id, p]));
  const found = new Set<string>();
  for (const person of people.data?.data ?? []) {
    found.add(person.id);
    if (!known.has(person.id))
      known.set(person.id, { id: person.id, full_name: person.full_name, email: person.email });
  }
  const data: ComboboxItem[] = [...known.values()].map((p) => ({ value: p.id, label: p.full_name }));
  const nothingFound =
    search.trim() === ''
      ? undefined
      : term.length < PEOPLE_SEARCH_MIN
        ? t('people_picker.type_more', { count: PEOPLE_SEARCH_MIN })
        : people.isFetching
          ? t('people_picker.searching')
          : t('people_picker.nothing_found');
  return {
    canSearch,
    known,
    data,
    search,
    setSearch,
    nothingFound,
    // The server has searched: show what it found for the typed words, nothing before two characters.
    filter: ({ options }: { options: ComboboxParsedItem[] }) =>
      term.length < PEOPLE_SEARCH_MIN ? [] : options.filter((o) => 'value' in o && found.has(o.value)),
    description: canSearch
      ? (texts.description ?? t('people_picker.description'))
      : (texts.noAccess ?? t('people_picker.no_access')),
  };
}

/**
 * A person in a picker's list: the name, and under it the email, so two people of one name can be
 * told apart. Every people and host picker draws its options with it.
 */
export function PersonOptionLabel({
  label,
  email,
  checked,
}: {
  label: string;
  email?: string | null;
  checked?: boolean;
}) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
      <Stack gap={0} miw={0}>
        <Text size="sm" truncate="end">
          {label}
        </Text>
        {email && (
          <Text size="xs" c="dimmed" truncate="end" dir="ltr" ta="start" data-testid="person-option-email">
            {email}
          </Text>
        )}
      </Stack>
      {checked && <IconCheck size={14} />}
    </Group>
  );
}

/** Draws a picker's options from the people it knows by id (their emails under their names). */
export const personOptionRenderer =
  (known: Map<string, { email?: string | null }>) =>
  ({ option, checked }: { option: ComboboxItem; checked?: boolean }) => (
    <PersonOptionLabel label={option.label} email={known.get(option.value)?.email} checked={checked} />
  );

type SingleProps = PickerTexts & {
  value: PersonOption | null;
  onChange: (person: PersonOption | null) => void;
  testId: string;
};

/** One person, searched on the server. */
export function PersonSearchSelect({ value, onChange, testId, ...texts }: SingleProps) {
  const { t } = useTranslation('common');
  const options = usePeopleOptions(value ? [value] : [], texts);
  return (
    <Select
      label={texts.label}
      description={options.description}
      placeholder={t('people_picker.placeholder')}
      data={options.data}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (options.known.get(id) ?? null) : null)}
      searchable
      searchValue={options.search}
      onSearchChange={options.setSearch}
      filter={options.filter}
      nothingFoundMessage={options.nothingFound}
      renderOption={personOptionRenderer(options.known)}
      disabled={!options.canSearch}
      clearable
      maxDropdownHeight={300}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

type MultiProps = PickerTexts & {
  value: PersonOption[];
  onChange: (people: PersonOption[]) => void;
  error?: string;
  testId: string;
};

/** Several people, searched on the server. */
export function PeopleMultiSelect({ value, onChange, error, testId, ...texts }: MultiProps) {
  const { t } = useTranslation('common');
  const options = usePeopleOptions(value, texts);
  return (
    <MultiSelect
      label={texts.label}
      description={options.description}
      placeholder={value.length === 0 ? t('people_picker.placeholder') : undefined}
      data={options.data}
      value={value.map((p) => p.id)}
      onChange={(ids) => onChange(ids.map((id) => options.known.get(id)).filter((p) => p !== undefined))}
      searchable
      searchValue={options.search}
      onSearchChange={options.setSearch}
      filter={options.filter}
      nothingFoundMessage={options.nothingFound}
      renderOption={personOptionRenderer(options.known)}
      disabled={!options.canSearch}
      clearable
      maxDropdownHeight={300}
      comboboxProps={{ withinPortal: true }}
      error={error}
      data-testid={testId}
    />
  );
}
