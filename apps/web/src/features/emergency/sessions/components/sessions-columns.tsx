import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconDeviceTablet } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '@app/shared/emergency/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { formatLocalReading } from '@/lib/dates';
import { durationParts, placesSummary, sessionMinutes } from '../utils/sessions-query';
import { SessionProgress } from './session-progress';

const column = gridColumnHelper<SessionSummary>();

/** The history grid's columns, in their default order (newest first; the server sorts nothing else). */
export function useSessionsColumns(): GridColumnDef<SessionSummary>[] {
  const { t } = useTranslation('emergency');
  return useMemo(() => {
    const who = (name: string | null) => name ?? t('sessions.someone');
    const areasText = (session: SessionSummary) => {
      const places = placesSummary(session, 3);
      return `${places.names.join(', ')}${places.more > 0 ? ` ${t('sessions.more_areas', { count: places.more })}` : ''}`;
    };
    return withServerSorting(
      [
        column.accessor((r) => r.name, {
          id: 'name',
          size: 240,
          enableHiding: false,
          meta: { label: t('sessions.columns.name') },
          cell: ({ row }) => (
            <Stack gap={0} miw={0}>
              <Group gap={6} wrap="nowrap" miw={0}>
                {row.original.origin === 'kiosk' && (
                  <IconDeviceTablet size={16} aria-label={t('sessions.from_kiosk')} style={{ flexShrink: 0 }} />
                )}
                <Text size="sm" fw={600} truncate="end" dir="auto" data-testid="session-name">
                  {row.original.name}
                </Text>
                {row.original.is_drill && (
                  <Badge color="grape.8" variant="filled" size="sm" style={{ flexShrink: 0 }} data-testid="drill-badge">
                    {t('drill_label')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate="end" data-testid="session-areas">
                {areasText(row.original)}
              </Text>
            </Stack>
          ),
        }),
        column.accessor((r) => r.started_at.local, {
          id: 'started',
          size: 150,
          meta: { label: t('sessions.columns.started') },
          cell: ({ row }) => (
            <Stack gap={0} miw={0}>
              <Text size="sm" dir="ltr" ta="start">
                {formatLocalReading(row.original.started_at.local)}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {row.original.kiosk ? row.original.kiosk.name : who(row.original.started_by)}
              </Text>
            </Stack>
          ),
        }),
        column.accessor((r) => r.ended_at?.local ?? '', {
          id: 'ended',
          size: 150,
          meta: { label: t('sessions.columns.ended') },
          cell: ({ row }) =>
            row.original.ended_at ? (
              <Stack gap={0} miw={0}>
                <Text size="sm" dir="ltr" ta="start">
                  {formatLocalReading(row.original.ended_at.local)}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {who(row.original.ended_by)}
                </Text>
              </Stack>
            ) : null,
        }),
        column.accessor((r) => sessionMinutes(r), {
          id: 'duration',
          size: 90,
          meta: { label: t('sessions.columns.duration'), align: 'end' },
          cell: ({ row }) => {
            const duration = durationParts(sessionMinutes(row.original));
            return (
              <Text size="sm">
                {duration.key === 'minutes'
                  ? t('sessions.duration_minutes', { count: duration.minutes })
                  : t('sessions.duration', { hours: duration.hours, minutes: duration.minutes })}
              </Text>
            );
          },
        }),
        column.accessor((r) => r.areas.map((a) => a.name).join(', '), {
          id: 'areas',
          size: 240,
          // The session's name says its areas below it; the column is there for those who want them apart.
          meta: { label: t('sessions.columns.areas'), hiddenByDefault: true },
          cell: ({ row }) => (
            <Text size="sm" truncate="end">
              {areasText(row.original)}
            </Text>
          ),
        }),
        column.accessor((r) => r.counts.total, {
          id: 'roll',
          size: 150,
          meta: { label: t('sessions.columns.roll') },
          cell: ({ row }) => <SessionProgress counts={row.original.counts} size="sm" />,
        }),
        column.accessor((r) => r.counts.not_present, {
          id: 'unaccounted',
          size: 110,
          meta: { label: t('sessions.columns.unaccounted'), align: 'end' },
          cell: ({ row }) => {
            const missing = row.original.counts.not_present;
            return (
              <Text size="sm" fw={missing > 0 ? 700 : 400} c={missing > 0 ? 'red.8' : 'dimmed'}>
                {missing}
              </Text>
            );
          },
        }),
      ],
      {},
    );
  }, [t]);
}
