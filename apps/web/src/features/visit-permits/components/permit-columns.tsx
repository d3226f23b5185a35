import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitPermit } from '@app/shared/visit-permits/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { PERMIT_SORT_COLUMNS } from '../utils/permits-query';
import { datesText } from '../utils/schedule-format';
import { PeriodBadge, PermitSchedule } from './permit-schedule';
import { formatDate } from '@/lib/dates';

const column = gridColumnHelper<VisitPermit>();

/** The permits grid's columns, in their default order. */
export function usePermitColumns(): GridColumnDef<VisitPermit>[] {
  const { t } = useTranslation('visit-permits');
  return useMemo(() => {
    return withServerSorting(
      [
        column.accessor('name', {
          size: 210,
          enableHiding: false,
          meta: { label: t('table.name') },
          cell: ({ row }) => (
            <Stack gap={0} miw={0}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500} truncate="end">
                  {row.original.name}
                </Text>
                {row.original.outside_scope && (
                  <Tooltip label={t('table.outside_scope')} withArrow multiline maw={260}>
                    <IconLock size={14} aria-label={t('table.outside_scope')} style={{ flex: 'none' }} />
                  </Tooltip>
                )}
              </Group>
              {row.original.description && (
                <Text size="xs" c="dimmed" truncate="end">
                  {row.original.description}
                </Text>
              )}
            </Stack>
          ),
        }),
        column.display({
          id: 'schedule',
          size: 200,
          meta: { label: t('table.schedule') },
          cell: ({ row }) => <PermitSchedule schedule={row.original} />,
        }),
        column.accessor('start_date', {
          id: 'dates',
          size: 190,
          meta: { label: t('table.dates') },
          cell: ({ row }) => (
            <Stack gap={4} align="flex-start">
              <Text size="sm" data-testid="permit-dates">
                {datesText(row.original, t)}
              </Text>
              <PeriodBadge period={row.original.period} />
            </Stack>
          ),
        }),
        column.display({
          id: 'assigned',
          size: 160,
          meta: { label: t('table.assigned') },
          cell: ({ row }) => (
            <Stack gap={4} align="flex-start">
              <Badge
                variant="light"
                color={row.original.people_count ? 'blue' : 'gray'}
                data-testid="permit-people-count"
              >
                {t('people_count', { count: row.original.people_count })}
              </Badge>
              <Badge
                variant="light"
                color={row.original.user_type_count ? 'grape' : 'gray'}
                data-testid="permit-type-count"
              >
                {t('user_type_count', { count: row.original.user_type_count })}
              </Badge>
            </Stack>
          ),
        }),
        column.accessor('created_at', {
          size: 140,
          meta: { label: t('table.created'), align: 'end', hiddenByDefault: true },
          cell: ({ row }) => <Text size="sm">{formatDate(row.original.created_at)}</Text>,
        }),
      ],
      PERMIT_SORT_COLUMNS,
    );
  }, [t]);
}
