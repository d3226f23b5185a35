import { Badge, Code, Stack, Text } from '@mantine/core';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Kiosk } from '@app/shared/kiosks/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { GridText } from '@/components/data-grid/grid-text';
import { placeLabel } from '../utils/kiosk-areas';
import { KIOSK_SORT_COLUMNS } from '../utils/kiosks-query';
import { relativeTime } from '../utils/last-seen';
import { formatDate } from '@/lib/dates';

const column = gridColumnHelper<Kiosk>();

/**
 * When the kiosk list was fetched. "Last seen" is told from then, so it agrees with the online flag
 * fetched with it; the list refreshes itself, and this with it.
 */
export const KiosksFetchedAt = createContext(0);

function KioskStatus({ kiosk }: { kiosk: Kiosk }) {
  const { t, i18n } = useTranslation('kiosks');
  const fetchedAt = useContext(KiosksFetchedAt);
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        variant="dot"
        color={kiosk.online ? 'teal' : 'gray'}
        data-testid="kiosk-status"
        data-online={kiosk.online || undefined}
      >
        {kiosk.online ? t('status.online') : t('status.offline')}
      </Badge>
      <Text size="xs" c="dimmed" truncate="end" dir="auto" maw="100%">
        {kiosk.last_seen_at
          ? t('status.last_seen', { when: relativeTime(kiosk.last_seen_at, fetchedAt, i18n.language) })
          : t('status.never_seen')}
      </Text>
    </Stack>
  );
}

/** The kiosks grid's columns, in their default order. */
export function useKioskColumns(): GridColumnDef<Kiosk>[] {
  const { t } = useTranslation('kiosks');
  return useMemo(() => {
    return withServerSorting(
      [
        column.accessor('name', {
          size: 200,
          enableHiding: false,
          meta: { label: t('table.name') },
          cell: ({ row }) => (
            <Text size="sm" fw={500} truncate="end" dir="auto" data-testid="kiosk-name">
              {row.original.name}
            </Text>
          ),
        }),
        // Sortable columns need an accessor, even though the server does the sorting.
        column.accessor((kiosk) => placeLabel(kiosk.site_name, kiosk.area_name), {
          id: 'place',
          size: 240,
          meta: { label: t('table.place') },
          cell: ({ row }) => (
            <Text size="sm" truncate="end" dir="auto" data-testid="kiosk-place">
              {placeLabel(row.original.site_name, row.original.area_name)}
            </Text>
          ),
        }),
        column.accessor('last_seen_at', {
          id: 'status',
          // The kiosks heard from most recently first.
          sortDescFirst: true,
          size: 170,
          meta: { label: t('table.status') },
          cell: ({ row }) => <KioskStatus kiosk={row.original} />,
        }),
        column.accessor('app_version', {
          size: 120,
          meta: { label: t('table.app_version') },
          cell: ({ row }) => <GridText value={row.original.app_version} testId="kiosk-version" />,
        }),
        column.accessor('mac_address', {
          size: 170,
          meta: { label: t('table.mac_address') },
          // A MAC address reads left to right in every language.
          cell: ({ row }) => (
            <Code dir="ltr" data-testid="kiosk-mac">
              {row.original.mac_address}
            </Code>
          ),
        }),
        column.accessor('created_at', {
          size: 140,
          meta: { label: t('table.added'), align: 'end', hiddenByDefault: true },
          cell: ({ row }) => <Text size="sm">{formatDate(row.original.created_at)}</Text>,
        }),
      ],
      KIOSK_SORT_COLUMNS,
    );
  }, [t]);
}
