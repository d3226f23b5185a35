import { MultiSelect, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { VISIT_LIMITS, type PersonPreview } from '@app/shared/visits/schemas';
import { personOptionRenderer } from '@/components/people-picker/people-picker';
import { useSearchPeople } from '@/components/people-picker/search-people';
import { useSession } from '@/lib/session';
import { hostQueryReady, type HostChoice } from '@app/shared/visits/sign-in-form';

type HostFieldProps = {
  host: NonNullable<PersonPreview['host']>;
  value: HostChoice[];
  onChange: (hosts: HostChoice[]) => void;
  message: string;
  onMessageChange: (message: string) => void;
  error?: string;
};

/**
 * The host being visited (spec "Host payload"): from the flow's list when only those are permitted,
 * otherwise also anyone of the company found by name once a first name and two letters of the second
 * are typed (spec §5 host search).
 */
export function HostField({ host, value, onChange, message, onMessageChange, error }: HostFieldProps) {
  const { t } = useTranslation('sign-in');
  const session = useSession();
  const canSearch = !host.select_host_permitted && isAllowed(session?.permissions, 'dashboard');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const ready = canSearch && hostQueryReady(term);
  const found = useSearchPeople(ready ? term : '', 'sign-in');

  const known = new Map<string, HostChoice>();
  for (const h of [...host.options, ...value]) known.set(h.id, { id: h.id, full_name: h.full_name, email: h.email });
  const matches = new Set<string>();
  if (ready) {
    for (const p of found.data?.data ?? []) {
      matches.add(p.id);
      if (!known.has(p.id)) known.set(p.id, { id: p.id, full_name: p.full_name, email: p.email });
    }
  }
  const listed = new Set(host.options.map((h) => h.id));
  const needle = search.trim().toLocaleLowerCase();

  const nothingFound = !canSearch
    ? t('host.nothing_listed')
    : !hostQueryReady(search)
      ? t('host.type_more')
      : found.isFetching
        ? t('host.searching')
        : t('host.nothing_found');

  return (
    <Stack gap="xs">
      <MultiSelect
        label={t('host.label')}
        description={host.note || (host.select_host_permitted ? t('host.listed_only') : t('host.search_hint'))}
        placeholder={value.length === 0 ? t('host.placeholder') : undefined}
        required={host.required}
        data={[...known.values()].map((h) => ({ value: h.id, label: h.full_name }))}
        value={value.map((h) => h.id)}
        onChange={(ids) => onChange(ids.map((id) => known.get(id)).filter((h) => h !== undefined))}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The flow's hosts match what is typed; others only once the server has found them.
        filter={({ options }) =>
          options.filter(
            (o) =>
              'value' in o &&
              ((listed.has(o.value) && o.label.toLocaleLowerCase().includes(needle)) || matches.has(o.value)),
          )
        }
        nothingFoundMessage={nothingFound}
        renderOption={personOptionRenderer(known)}
        maxValues={VISIT_LIMITS.hostsMax}
        clearable
        error={error}
        comboboxProps={{ withinPortal: true }}
        data-testid="flow-host"
      />
      {value.length > 0 && (
        <Textarea
          label={t('host.message')}
          description={t('host.message_hint')}
          value={message}
          onChange={(event) => onMessageChange(event.currentTarget.value)}
          maxLength={VISIT_LIMITS.hostMessageMax}
          autosize
          minRows={1}
          data-testid="flow-host-message"
        />
      )}
      {host.options.length === 0 && host.select_host_permitted && (
        <Text size="xs" c="dimmed">
          {t('host.none_listed')}
        </Text>
      )}
    </Stack>
  );
}
