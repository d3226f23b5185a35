import { Badge, Group, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site } from '@app/shared/sites/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { SITE_SORT_COLUMNS } from '../utils/sites-query';
import { formatDate } from '@/lib/dates';
import { PlaceLimitBadges } from './place-limit-badges';

const column = gridColumnHelper<Site>();

/** The sites grid's columns, in their default order. */
export function useSiteColumns(): GridColumnDef<Site>[] {
  const { t } = useTranslation('sites');
  return useMemo(() => {
    return withServerSorting(
      [
        column.accessor('name', {
          size: 220,
          enableHiding: false,
          meta: { label: t('table.name') },
          cell: ({ row }) => (
            <Text size="sm" fw={500} truncate="end" dir="auto">
              {row.original.name}
            </Text>
          ),
        }),
        column.accessor('area_count', {
          size: 120,
          meta: { label: t('table.areas') },
          cell: ({ row }) => (
            <Badge variant="light" color={row.original.area_count > 0 ? 'blue' : 'gray'} data-testid="site-area-count">
              {t('area_count', { count: row.original.area_count })}
            </Badge>
          ),
        }),
        column.display({
          id: 'limits',
          size: 200,
          meta: { label: t('table.limits') },
          cell: ({ row }) =>
            row.original.capacity === null && row.original.daily_visitor_limit === null ? (
              <Text size="sm" c="dimmed">
                {t('limits.none')}
              </Text>
            ) : (
              <PlaceLimitBadges place={row.original} size="sm" />
            ),
        }),
        column.display({
          id: 'location',
          size: 220,
          meta: { label: t('table.location') },
          cell: ({ row }) => {
            const location = row.original.location;
            if (!location)
              return (
                <Text size="sm" c="dimmed">
                  {t('table.no_location')}
                </Text>
              );
            return (
              <Group gap={6} wrap="nowrap">
                <IconMapPin size={14} color="var(--mantine-color-red-6)" style={{ flex: 'none' }} aria-hidden />
                <Text size="sm" truncate="end" dir="auto">
                  {location.location_name.trim() || t('table.location_unnamed')}
                </Text>
              </Group>
            );
          },
        }),
        column.accessor('created_at', {
          size: 140,
          meta: { label: t('table.created'), align: 'end' },
          cell: ({ row }) => <Text size="sm">{formatDate(row.original.created_at)}</Text>,
        }),
      ],
      SITE_SORT_COLUMNS,
    );
  }, [t]);
}
