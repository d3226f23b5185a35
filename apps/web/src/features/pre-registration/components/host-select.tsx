import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostQueryReady } from '@app/shared/pre-registration/schemas';
import { useHostSearch, type HostOption } from '../api/search-hosts';

type HostSelectProps = {
  linkId: string;
  flowId: string | null;
  value: HostOption | null;
  onChange: (host: HostOption | null) => void;
  required: boolean;
  /** The flow's words for the visitor, e.g. "Who are you visiting?". */
  note: string;
  error?: string;
};

/**
 * Spec "Host search starts after the first name plus two letters of the second name": the hosts the
 * flow offers, by name only, searched on the server once that much is typed.
 */
export function HostSelect({ linkId, flowId, value, onChange, required, note, error }: HostSelectProps) {
  const { t } = useTranslation('pre-registration');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const ready = hostQueryReady(term);
  const hosts = useHostSearch(linkId, flowId, ready ? term : '');

  const known = new Map<string, HostOption>(value ? [[value.id, value]] : []);
  const found = new Set<string>();
  if (ready) {
    for (const host of hosts.data?.data ?? []) {
      found.add(host.id);
      known.set(host.id, host);
    }
  }
  const data: ComboboxItem[] = [...known.values()].map((h) => ({ value: h.id, label: h.full_name }));
  const nothingFound =
    search.trim() === '' || (value && search === value.full_name)
      ? undefined
      : !hostQueryReady(search)
        ? t('host.type_more')
        : hosts.isFetching || term !== search.trim()
          ? t('host.searching')
          : t('host.nothing_found');

  return (
    <Select
      label={t('host.label')}
      // The flow's note is the company's own words, in whatever language it wrote them.
      description={note ? <span dir="auto">{note}</span> : t('host.hint')}
      placeholder={t('host.placeholder')}
      leftSection={<IconUserSearch size={16} />}
      data={data}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (known.get(id) ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched: what it found for the typed words, nothing before they are enough.
      filter={({ options }) => options.filter((o) => 'value' in o && (found.has(o.value) || o.value === value?.id))}
      nothingFoundMessage={nothingFound}
      clearable
      required={required}
      error={error}
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
      data-testid="pre-registration-host"
    />
  );
}
