import { Badge, Code, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RfidPerson, RfidState } from '@app/shared/rfid/schemas';
import { gridColumnHelper, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { GridText } from '@/components/data-grid/grid-text';
import { formatDateTime } from '@/lib/dates';

const column = gridColumnHelper<RfidPerson>();

export const STATE_COLORS: Record<RfidState, string> = { enrolled: 'teal', pending: 'yellow', none: 'gray' };

/** The RFID grid's columns, in their default order. The server keeps one order: by name. */
export function useRfidColumns(): GridColumnDef<RfidPerson>[] {
  const { t } = useTranslation('rfid');
  return useMemo(() => {
    return [
      column.accessor((person) => `${person.first_name} ${person.last_name}`.trim(), {
        id: 'name',
        size: 220,
        enableHiding: false,
        meta: { label: t('admin.columns.name') },
        cell: ({ row }) => (
          <Text size="sm" fw={500} truncate="end" data-testid="rfid-person-name">
            {`${row.original.first_name} ${row.original.last_name}`.trim()}
          </Text>
        ),
      }),
      column.accessor('email', {
        id: 'email',
        size: 240,
        meta: { label: t('admin.columns.email') },
        cell: ({ row }) => <GridText value={row.original.email} ltr truncate />,
      }),
      column.accessor('state', {
        id: 'state',
        size: 130,
        enableHiding: false,
        meta: { label: t('admin.columns.state') },
        cell: ({ row }) => (
          <Badge variant="light" color={STATE_COLORS[row.original.state]} tt="none" data-testid="rfid-state">
            {t(`admin.states.${row.original.state}`)}
          </Badge>
        ),
      }),
      column.accessor('rfid', {
        id: 'rfid',
        size: 160,
        meta: { label: t('admin.columns.rfid') },
        cell: ({ row }) => {
          const rfid = row.original.rfid;
          // A card number reads left to right in every language.
          return rfid ? (
            <Code dir="ltr" data-testid="rfid-card">
              {rfid}
            </Code>
          ) : (
            <GridText value={null} />
          );
        },
      }),
      column.display({
        id: 'kiosk',
        size: 240,
        meta: { label: t('admin.columns.kiosk') },
        cell: ({ row }) => {
          const pending = row.original.pending;
          if (!pending) return <GridText value={null} />;
          if (!pending.kiosk)
            return (
              <Text size="sm" c="orange.8">
                {t('admin.kiosk_removed')}
              </Text>
            );
          const place = `${pending.kiosk.site_name} › ${pending.kiosk.area_name}`;
          return (
            <Tooltip label={place} openDelay={300}>
              <Stack gap={0} miw={0} data-testid="rfid-pending-kiosk">
                <Text size="sm" truncate="end">
                  {pending.kiosk.name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {place}
                </Text>
              </Stack>
            </Tooltip>
          );
        },
      }),
      column.display({
        id: 'expires',
        size: 170,
        meta: { label: t('admin.columns.expires'), align: 'end' },
        cell: ({ row }) => {
          const pending = row.original.pending;
          return <GridText value={pending && formatDateTime(pending.expires_at)} />;
        },
      }),
      column.accessor('status', {
        id: 'status',
        size: 120,
        meta: { label: t('admin.columns.status'), hiddenByDefault: true },
        cell: ({ row }) => (
          <Badge variant="dot" color={row.original.status === 'active' ? 'teal' : 'gray'} tt="none">
            {row.original.status === 'active' ? t('admin.status.active') : t('admin.status.archived')}
          </Badge>
        ),
      }),
    ];
  }, [t]);
}
