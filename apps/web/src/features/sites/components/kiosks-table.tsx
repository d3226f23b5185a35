import {
  ActionIcon,
  Badge,
  Checkbox,
  Code,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsExchange,
  IconChevronDown,
  IconChevronUp,
  IconPencil,
  IconSelector,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KIOSK_SORT_FIELDS, Kiosk } from '@app/shared/kiosks/schemas';
import { placeLabel } from '../utils/kiosk-areas';
import { relativeTime } from '../utils/last-seen';

export type KioskSortField = (typeof KIOSK_SORT_FIELDS)[number];
export type KioskSort = { field: KioskSortField; order: 'asc' | 'desc' };

export type KioskRowActions = {
  onSettings: (kiosk: Kiosk) => void;
  onMove: (kiosk: Kiosk) => void;
  onRename: (kiosk: Kiosk) => void;
  onDeregister: (kiosk: Kiosk) => void;
};

type KiosksTableProps = KioskRowActions & {
  kiosks: Kiosk[] | undefined;
  loadingRows: number;
  sort: KioskSort;
  onSort: (field: KioskSortField) => void;
  selected: ReadonlyMap<string, unknown>;
  onSelect: (kiosks: Kiosk[], selected: boolean) => void;
  /** Standalone: only renaming is allowed; the other actions are shown disabled with this reason. */
  lockedReason: string | null;
  now: number;
};

function SortHeader({
  field,
  sort,
  onSort,
  label,
}: {
  field: KioskSortField;
  sort: KioskSort;
  onSort: (f: KioskSortField) => void;
  label: string;
}) {
  const active = sort.field === field;
  const Icon = !active ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} data-testid={`kiosks-sort-${field}`}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <Icon size={14} stroke={1.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** An action button; when locked it stays visible, disabled, with the reason on hover. */
function RowAction({
  label,
  locked,
  color,
  onClick,
  testId,
  children,
}: {
  label: string;
  locked: string | null;
  color?: string;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={locked ?? label} withArrow multiline maw={260}>
      {/* A disabled button fires no pointer events: the wrapper keeps the tooltip working. */}
      <span>
        <ActionIcon
          variant="subtle"
          color={color}
          aria-label={label}
          disabled={locked !== null}
          onClick={onClick}
          data-testid={testId}
        >
          {children}
        </ActionIcon>
      </span>
    </Tooltip>
  );
}

export function KioskStatusBadge({ kiosk, now }: { kiosk: Pick<Kiosk, 'online' | 'last_seen_at'>; now: number }) {
  const { t, i18n } = useTranslation('kiosks');
  return (
    <Stack gap={2}>
      <Badge
        variant="dot"
        color={kiosk.online ? 'teal' : 'gray'}
        data-testid="kiosk-status"
        data-online={kiosk.online || undefined}
      >
        {kiosk.online ? t('status.online') : t('status.offline')}
      </Badge>
      <Text size="xs" c="dimmed">
        {kiosk.last_seen_at
          ? t('status.last_seen', { when: relativeTime(kiosk.last_seen_at, now, i18n.language) })
          : t('status.never_seen')}
      </Text>
    </Stack>
  );
}

function KioskRow({
  kiosk,
  checked,
  onSelect,
  lockedReason,
  now,
  ...actions
}: KioskRowActions & {
  kiosk: Kiosk;
  checked: boolean;
  onSelect: (kiosks: Kiosk[], selected: boolean) => void;
  lockedReason: string | null;
  now: number;
}) {
  const { t } = useTranslation('kiosks');
  return (
    <Table.Tr
      data-testid="kiosk-row"
      data-kiosk-name={kiosk.name}
      bg={checked ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Table.Td w={40}>
        <Checkbox
          checked={checked}
          onChange={(event) => onSelect([kiosk], event.currentTarget.checked)}
          aria-label={t('table.select', { name: kiosk.name })}
          data-testid="kiosk-select"
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500} data-testid="kiosk-name">
          {kiosk.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="kiosk-place">
          {placeLabel(kiosk.site_name, kiosk.area_name)}
        </Text>
      </Table.Td>
      <Table.Td>
        <KioskStatusBadge kiosk={kiosk} now={now} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="kiosk-version">
          {kiosk.app_version ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {/* A MAC address reads left to right in every language. */}
        <Code dir="ltr" data-testid="kiosk-mac">
          {kiosk.mac_address}
        </Code>
      </Table.Td>
      <Table.Td>
        <Group gap={2} justify="flex-end" wrap="nowrap">
          <RowAction
            label={t('actions.settings')}
            locked={lockedReason}
            onClick={() => actions.onSettings(kiosk)}
            testId="kiosk-settings"
          >
            <IconSettings size={16} />
          </RowAction>
          <RowAction
            label={t('actions.move')}
            locked={lockedReason}
            onClick={() => actions.onMove(kiosk)}
            testId="kiosk-move"
          >
            <IconArrowsExchange size={16} />
          </RowAction>
          <RowAction
            label={t('actions.rename')}
            locked={null}
            onClick={() => actions.onRename(kiosk)}
            testId="kiosk-rename"
          >
            <IconPencil size={16} />
          </RowAction>
          <RowAction
            label={t('actions.deregister')}
            locked={lockedReason}
            color="red"
            onClick={() => actions.onDeregister(kiosk)}
            testId="kiosk-deregister"
          >
            <IconTrash size={16} />
          </RowAction>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function KiosksTable({
  kiosks,
  loadingRows,
  sort,
  onSort,
  selected,
  onSelect,
  lockedReason,
  now,
  ...actions
}: KiosksTableProps) {
  const { t } = useTranslation('kiosks');
  const pageChecked = !!kiosks?.length && kiosks.every((k) => selected.has(k.id));
  const pageSome = !!kiosks?.some((k) => selected.has(k.id));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="kiosks-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                checked={pageChecked}
                indeterminate={!pageChecked && pageSome}
                disabled={!kiosks?.length}
                onChange={(event) => onSelect(kiosks ?? [], event.currentTarget.checked)}
                aria-label={t('table.select_page')}
                data-testid="kiosks-select-page"
              />
            </Table.Th>
            <SortHeader field="name" sort={sort} onSort={onSort} label={t('table.name')} />
            <SortHeader field="area" sort={sort} onSort={onSort} label={t('table.place')} />
            <SortHeader field="last_seen_at" sort={sort} onSort={onSort} label={t('table.status')} />
            <Table.Th>{t('table.app_version')}</Table.Th>
            <Table.Th>{t('table.mac_address')}</Table.Th>
            <Table.Th ta="end">{t('table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kiosks
            ? kiosks.map((kiosk) => (
                <KioskRow
                  key={kiosk.id}
                  kiosk={kiosk}
                  checked={selected.has(kiosk.id)}
                  onSelect={onSelect}
                  lockedReason={lockedReason}
                  now={now}
                  {...actions}
                />
              ))
            : Array.from({ length: loadingRows }, (_, row) => (
                <Table.Tr key={row} data-testid="kiosks-loading">
                  {Array.from({ length: 7 }, (_, cell) => (
                    <Table.Td key={cell}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
