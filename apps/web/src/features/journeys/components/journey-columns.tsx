import { Avatar, Badge, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconHandFinger, IconHandOff, IconRoute, IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Journey } from '@app/shared/journeys/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { GridText } from '@/components/data-grid/grid-text';
import { JOURNEY_SORT_COLUMNS } from '../utils/journeys-query';
import { formatDate } from '@/lib/dates';

const column = gridColumnHelper<Journey>();

function Names({ items, testId }: { items: { id: string; name: string }[]; testId: string }) {
  if (items.length === 0) return <GridText value={null} />;
  return (
    <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }} data-testid={testId}>
      {items.slice(0, 2).map((item) => (
        // Badges share the cell and each is cut at its end when it must; the whole name shows on hover.
        <Badge
          key={item.id}
          variant="light"
          color="gray"
          tt="none"
          miw={0}
          dir="auto"
          title={item.name}
          style={{ flexShrink: 1 }}
        >
          {item.name}
        </Badge>
      ))}
      {items.length > 2 && (
        <Text
          size="xs"
          c="dimmed"
          style={{ flex: 'none' }}
          title={items
            .slice(2)
            .map((item) => item.name)
            .join(', ')}
        >
          +{items.length - 2}
        </Text>
      )}
    </Group>
  );
}

/** The journeys grid's columns, in their default order. */
export function useJourneyColumns(): GridColumnDef<Journey>[] {
  const { t } = useTranslation('journeys');
  return useMemo(() => {
    return withServerSorting(
      [
        column.accessor('name', {
          size: 210,
          enableHiding: false,
          meta: { label: t('table.name') },
          cell: ({ row }) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar src={row.original.logo_url} radius="sm" size={32} color="blue" alt="">
                <IconRoute size={18} />
              </Avatar>
              <Stack gap={0} miw={0}>
                <GridText value={row.original.name} truncate fw={500} />
                {row.original.description && <GridText value={row.original.description} truncate size="xs" dimmed />}
              </Stack>
            </Group>
          ),
        }),
        column.display({
          id: 'sites',
          size: 150,
          meta: { label: t('table.sites') },
          cell: ({ row }) => <Names items={row.original.sites} testId="journey-sites" />,
        }),
        column.display({
          id: 'user_types',
          size: 170,
          meta: { label: t('table.user_types') },
          cell: ({ row }) => <Names items={row.original.user_types} testId="journey-user-types" />,
        }),
        column.accessor('flow_count', {
          size: 104,
          meta: { label: t('table.flows'), align: 'end' },
          cell: ({ row }) => <Text size="sm">{row.original.flow_count}</Text>,
        }),
        column.accessor('kiosk_count', {
          size: 104,
          meta: { label: t('table.kiosks'), align: 'end' },
          cell: ({ row }) => <Text size="sm">{row.original.kiosk_count}</Text>,
        }),
        column.display({
          id: 'mode',
          size: 90,
          meta: { label: t('table.mode') },
          cell: ({ row }) => (
            <Group gap={6} wrap="nowrap" data-testid="journey-mode">
              <Tooltip label={row.original.touch_mode ? t('table.touch_on') : t('table.touch_off')} withArrow>
                <ThemeIcon
                  variant="light"
                  size="sm"
                  color={row.original.touch_mode ? 'teal' : 'gray'}
                  role="img"
                  aria-label={row.original.touch_mode ? t('table.touch_on') : t('table.touch_off')}
                >
                  {row.original.touch_mode ? <IconHandFinger size={14} /> : <IconHandOff size={14} />}
                </ThemeIcon>
              </Tooltip>
              {row.original.remote && (
                <Tooltip label={t('table.remote')} withArrow>
                  <ThemeIcon variant="light" size="sm" color="grape" role="img" aria-label={t('table.remote')}>
                    <IconWorld size={14} />
                  </ThemeIcon>
                </Tooltip>
              )}
            </Group>
          ),
        }),
        column.accessor('created_at', {
          size: 140,
          meta: { label: t('table.created'), align: 'end', hiddenByDefault: true },
          cell: ({ row }) => <Text size="sm">{formatDate(row.original.created_at)}</Text>,
        }),
      ],
      JOURNEY_SORT_COLUMNS,
    );
  }, [t]);
}
