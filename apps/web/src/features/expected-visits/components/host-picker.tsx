import { MultiSelect, Stack, Text, type ComboboxItem, type ComboboxParsedItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserStar } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPECTED_VISIT_LIMITS } from '@app/shared/expected-visits/schemas';
import { hostQueryReady } from '@app/shared/pre-registration/schemas';
import { personOptionRenderer } from '@/components/people-picker/people-picker';
import { useHostSearch } from '../api/search-hosts';
import type { HostChoice } from '../utils/expected-visit-form';

type HostPickerProps = {
  value: HostChoice[];
  onChange: (hosts: HostChoice[]) => void;
  userTypeId: string | null;
  siteId: string | null;
  required: boolean;
  /** The flow's note to the visitor about hosts, when it has one. */
  note: string;
  error?: ReactNode;
  testId: string;
};

/**
 * The visit's hosts, searched on the server once a first name and two letters of the second are typed
 * (spec §5): the flow's listed hosts when it has any, otherwise the company's dashboard users.
 */
export function HostPicker({ value, onChange, userTypeId, siteId, required, note, error, testId }: HostPickerProps) {
  const { t } = useTranslation('expected-visits');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const ready = hostQueryReady(term);
  const hosts = useHostSearch(term, { userTypeId, siteId });

  // The chosen hosts stay known (their labels) whatever the current search finds.
  const known = new Map<string, HostChoice>(value.map((h) => [h.id, h]));
  const found = new Set<string>();
  for (const host of hosts.data?.data ?? []) {
    found.add(host.id);
    if (!known.has(host.id)) known.set(host.id, host);
  }
  const data: ComboboxItem[] = [...known.values()].map((h) => ({ value: h.id, label: h.full_name }));
  const nothingFound =
    search.trim() === ''
      ? undefined
      : !hostQueryReady(search)
        ? t('form.host_type_more')
        : hosts.isFetching || !ready
          ? t('form.host_searching')
          : t('form.host_nothing_found');

  return (
    <MultiSelect
      label={t('form.host')}
      description={
        <Stack gap={0}>
          {note && <Text size="xs">{note}</Text>}
          <Text size="xs" c="dimmed">
            {t('form.host_description')}
          </Text>
        </Stack>
      }
      placeholder={value.length === 0 ? t('form.host_placeholder') : undefined}
      leftSection={<IconUserStar size={16} />}
      data={data}
      value={value.map((h) => h.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)).filter((h) => h !== undefined))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched: show what it found for the typed words, nothing before that.
      filter={({ options }: { options: ComboboxParsedItem[] }) =>
        ready ? options.filter((o) => 'value' in o && found.has(o.value)) : []
      }
      nothingFoundMessage={nothingFound}
      renderOption={personOptionRenderer(known)}
      maxValues={EXPECTED_VISIT_LIMITS.hostsMax}
      clearable
      required={required}
      maxDropdownHeight={300}
      comboboxProps={{ withinPortal: true }}
      error={error}
      data-testid={testId}
    />
  );
}
