import { Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserTypeOption } from '../api/get-integration-choices';
import type { GroupRow } from '../utils/settings-form';

/** Past this many groups, a search narrows the table. */
const SEARCH_FROM = 8;

type GroupMappingTableProps = {
  rows: readonly GroupRow[];
  /** By group id: the user type it maps to, or null when it is not imported. */
  value: Record<string, string | null>;
  userTypes: readonly UserTypeOption[];
  onChange: (groupId: string, userTypeId: string | null) => void;
  disabled?: boolean;
};

/**
 * The directory's groups (or departments), each with the user type its people get (spec: "groups/
 * departments to import and the user type each maps to"); a group left without one is not imported.
 */
export function GroupMappingTable({ rows, value, userTypes, onChange, disabled }: GroupMappingTableProps) {
  const { t } = useTranslation('integrations');
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const shown = term ? rows.filter((row) => row.name.toLowerCase().includes(term)) : rows;
  const mapped = rows.filter((row) => value[row.id]).length;
  const typeOptions = userTypes.map((type) => ({ value: type.id, label: type.name }));

  return (
    <Stack gap="sm" data-testid="group-mapping">
      <Group justify="space-between" gap="sm" wrap="wrap">
        {rows.length > SEARCH_FROM ? (
          <TextInput
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder={t('settings.groups.search')}
            aria-label={t('settings.groups.search')}
            leftSection={<IconSearch size={16} />}
            w={{ base: '100%', sm: 280 }}
            data-testid="group-mapping-search"
          />
        ) : (
          <span />
        )}
        <Text size="sm" c="dimmed" data-testid="group-mapping-count">
          {t('settings.groups.mapped', { mapped, total: rows.length })}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.groups.columns.group')}</Table.Th>
              <Table.Th ta="end" w={110}>
                {t('settings.groups.columns.members')}
              </Table.Th>
              <Table.Th w={280}>{t('settings.groups.columns.user_type')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed" ta="center" py="sm">
                    {t('settings.groups.none_matching')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((row) => (
                <Table.Tr key={row.id} data-testid="group-mapping-row" data-group={row.id}>
                  <Table.Td>
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        <bdi dir="auto">{row.name}</bdi>
                      </Text>
                      {row.kind && (
                        <Badge variant="default" tt="none" size="sm">
                          {row.kind}
                        </Badge>
                      )}
                      {row.missing && (
                        <Badge variant="light" color="orange" tt="none" size="sm" data-testid="group-missing">
                          {t('settings.groups.missing')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="end">
                    <Text size="sm" c={row.member_count === null ? 'dimmed' : undefined}>
                      {row.member_count ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('settings.groups.user_type_for', { group: row.name })}
                      placeholder={t('settings.groups.not_imported')}
                      data={typeOptions}
                      value={value[row.id] ?? null}
                      onChange={(next) => onChange(row.id, next)}
                      clearable
                      searchable
                      disabled={disabled}
                      nothingFoundMessage={t('settings.no_user_types_matching')}
                      comboboxProps={{ withinPortal: true }}
                      data-testid="group-mapping-user-type"
                    />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
