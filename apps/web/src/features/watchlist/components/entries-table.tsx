import { ActionIcon, Avatar, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WatchlistEntry } from '@app/shared/watchlist/schemas';
import { formatDate } from '@/lib/dates';
import { BreakableEmail } from './breakable-email';
import { LevelBadge } from './watchlist-badges';

type EntriesTableProps = {
  entries: readonly WatchlistEntry[];
  /** Another page, search or level is being read while these rows are still shown. */
  fetching: boolean;
  onEdit: (entry: WatchlistEntry) => void;
  onRemove: (entry: WatchlistEntry) => void;
};

/** A value of the row, or a dimmed dash when there is none; `ltr` for addresses and numbers. */
function Value({ text, ltr, email }: { text: string | null; ltr?: boolean; email?: boolean }) {
  if (!text)
    return (
      <Text size="sm" c="dimmed" aria-hidden>
        —
      </Text>
    );
  return (
    <Text
      size="sm"
      dir={ltr ? 'ltr' : undefined}
      ta="start"
      miw={email ? 130 : undefined}
      style={{ overflowWrap: 'anywhere' }}
    >
      {email ? <BreakableEmail email={text} /> : ltr ? text : <bdi>{text}</bdi>}
    </Text>
  );
}

function RowAction({
  label,
  color,
  onClick,
  testId,
  children,
}: {
  label: string;
  color?: string;
  onClick: () => void;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} data-testid={testId}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The entries of one page: who (photo, name, aliases), the level, how to reach them, who added them and when. */
export function EntriesTable({ entries, fetching, onEdit, onRemove }: EntriesTableProps) {
  const { t } = useTranslation('watchlist');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="xs"
        highlightOnHover
        aria-busy={fetching || undefined}
        style={{ opacity: fetching ? 0.6 : 1 }}
        data-testid="watchlist-entries"
      >
        <VisuallyHidden component="caption">{t('entries.caption')}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('entries.columns.name')}</Table.Th>
            <Table.Th>{t('entries.columns.aliases')}</Table.Th>
            <Table.Th>{t('entries.columns.level')}</Table.Th>
            <Table.Th>{t('entries.columns.email')}</Table.Th>
            <Table.Th>{t('entries.columns.phone')}</Table.Th>
            <Table.Th>{t('entries.columns.company')}</Table.Th>
            <Table.Th>{t('entries.columns.added_by')}</Table.Th>
            <Table.Th>{t('entries.columns.added_on')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('entries.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid="watchlist-entry-row" data-id={entry.id} data-name={entry.full_name}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap" miw={180}>
                  <Avatar
                    src={entry.image}
                    name={entry.full_name}
                    color="initials"
                    radius="xl"
                    size={36}
                    alt={entry.image ? t('entries.photo_alt', { name: entry.full_name }) : undefined}
                    data-testid="watchlist-entry-photo"
                    data-has-photo={entry.image ? 'true' : 'false'}
                  />
                  <Text size="sm" fw={600} data-testid="watchlist-entry-name">
                    <bdi>{entry.full_name}</bdi>
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                {entry.aliases.length === 0 ? (
                  <Value text={null} />
                ) : (
                  <Stack gap={0} data-testid="watchlist-entry-aliases">
                    {entry.aliases.map((alias) => (
                      <Text size="sm" key={alias}>
                        <bdi>{alias}</bdi>
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td>
                <LevelBadge level={entry.level} />
              </Table.Td>
              <Table.Td>
                <Value text={entry.email} ltr email />
              </Table.Td>
              <Table.Td>
                <Value text={entry.phone} ltr />
              </Table.Td>
              <Table.Td>
                <Value text={entry.company_name} />
              </Table.Td>
              <Table.Td>
                <Value text={entry.added_by?.name ?? null} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(entry.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={2} justify="flex-end" wrap="nowrap">
                  <RowAction
                    label={t('entries.edit_for', { name: entry.full_name })}
                    onClick={() => onEdit(entry)}
                    testId="watchlist-entry-edit"
                  >
                    <IconPencil size={16} />
                  </RowAction>
                  <RowAction
                    label={t('entries.remove_for', { name: entry.full_name })}
                    color="red"
                    onClick={() => onRemove(entry)}
                    testId="watchlist-entry-remove"
                  >
                    <IconTrash size={16} />
                  </RowAction>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
