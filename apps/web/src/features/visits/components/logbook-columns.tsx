import { Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@app/shared/visits/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { GridText, gridTextClass } from '@/components/data-grid/grid-text';
import { LOGBOOK_SORT_COLUMNS } from '../utils/logbook-query';
import { STAGE_COLORS, STATE_COLORS, temperatureText } from '../utils/visit-display';
import { LocalTime } from './local-time';
import classes from './dashboard.module.css';
import { VisitNotesCell } from './visit-notes-cell';

const column = gridColumnHelper<Visit>();

/** The logbook's columns, in their default order. */
export function useLogbookColumns(): GridColumnDef<Visit>[] {
  const { t } = useTranslation('visits');
  return useMemo(() => {
    const time = (id: 'signed_in' | 'signed_out' | 'expected') =>
      column.accessor((visit) => visit[id]?.at ?? '', {
        id,
        // A time is never cut: wide enough for the date written under a time of another day.
        size: 92,
        minSize: 92,
        // What fits a laptop beside the rest: who came, when expected, and the visit's state; the
        // departure time is one click away in the column menu.
        meta: { label: t(`columns.${id}`), hiddenByDefault: id === 'signed_out' },
        cell: ({ row }) => <LocalTime moment={row.original[id]} testId={`visit-${id}`} />,
      });
    const reason = (id: 'late_reason' | 'early_reason') =>
      column.display({
        id,
        size: 170,
        meta: { label: t(`columns.${id}`), hiddenByDefault: true },
        cell: ({ row }) => {
          const value = row.original[id];
          return (
            <GridText
              value={value && (value.attendance_code ? `${value.name} (${value.attendance_code})` : value.name)}
            />
          );
        },
      });
    return withServerSorting(
      [
        column.accessor((visit) => visit.person.full_name, {
          id: 'name',
          size: 150,
          enableHiding: false,
          meta: { label: t('columns.person') },
          cell: ({ row }) => {
            const { person } = row.original;
            return (
              <Group gap="sm" wrap="nowrap">
                <Avatar
                  src={person.photo_url}
                  name={person.full_name}
                  color="initials"
                  radius="xl"
                  size={34}
                  className={classes.personPhoto}
                  alt={t('logbook.photo_alt', { name: person.full_name })}
                />
                <Stack gap={0} style={{ minWidth: 0 }} className={classes.personText}>
                  <GridText value={person.full_name} truncate fw={500} testId="visit-name" />
                  {person.company_name && (
                    <GridText value={person.company_name} truncate size="xs" dimmed testId="visit-company" />
                  )}
                </Stack>
              </Group>
            );
          },
        }),
        column.accessor((visit) => visit.user_type?.name ?? '', {
          id: 'user_type',
          size: 140,
          meta: { label: t('columns.user_type'), hiddenByDefault: true },
          cell: ({ row }) => <GridText value={row.original.user_type?.name} testId="visit-user-type" />,
        }),
        column.accessor((visit) => visit.site.name, {
          id: 'site',
          size: 170,
          meta: { label: t('columns.site'), hiddenByDefault: true },
          cell: ({ row }) => (
            <Stack gap={0} style={{ minWidth: 0 }}>
              <GridText value={row.original.site.name} truncate testId="visit-site" />
              <GridText value={row.original.area.name} truncate size="xs" dimmed testId="visit-area" />
            </Stack>
          ),
        }),
        time('signed_in'),
        time('signed_out'),
        time('expected'),
        column.display({
          id: 'stage',
          size: 140,
          meta: { label: t('columns.stage') },
          cell: ({ row }) => {
            const { stage } = row.original;
            return stage ? (
              <Badge
                variant="light"
                color={STAGE_COLORS[stage]}
                tt="none"
                maw="100%"
                title={t(`stages.${stage}`)}
                data-testid="visit-stage"
              >
                {t(`stages.${stage}`)}
              </Badge>
            ) : (
              <GridText value={null} testId="visit-stage" />
            );
          },
        }),
        column.display({
          id: 'hosts',
          size: 106,
          meta: { label: t('columns.hosts') },
          cell: ({ row }) => {
            const { hosts, host_message: message } = row.original;
            const names = hosts.map((h) => h.full_name).join(', ');
            return message ? (
              <Tooltip label={t('logbook.host_message', { message })} multiline maw={280}>
                <Text
                  size="sm"
                  truncate="end"
                  td="underline dotted"
                  dir="auto"
                  className={gridTextClass}
                  data-testid="visit-hosts"
                >
                  {names || t('logbook.no_host')}
                </Text>
              </Tooltip>
            ) : (
              <GridText value={names} truncate testId="visit-hosts" />
            );
          },
        }),
        column.display({
          id: 'notes',
          size: 88,
          meta: { label: t('columns.notes') },
          cell: ({ row }) => <VisitNotesCell visit={row.original} />,
        }),
        column.accessor('state', {
          size: 110,
          meta: { label: t('columns.state') },
          cell: ({ row }) => (
            <Badge variant="dot" color={STATE_COLORS[row.original.state]} tt="none" data-testid="visit-state">
              {t(`states.${row.original.state}`)}
            </Badge>
          ),
        }),
        column.display({
          id: 'email',
          size: 220,
          meta: { label: t('columns.email'), hiddenByDefault: true },
          cell: ({ row }) => <GridText value={row.original.person.email} ltr truncate />,
        }),
        column.display({
          id: 'journey',
          size: 160,
          meta: { label: t('columns.journey'), hiddenByDefault: true },
          cell: ({ row }) => <GridText value={row.original.journey?.name} />,
        }),
        column.display({
          id: 'temperature',
          size: 120,
          meta: { label: t('columns.temperature'), hiddenByDefault: true, align: 'end' },
          cell: ({ row }) => {
            const value = row.original.temperature_c;
            return <GridText value={value === null ? null : temperatureText(value)} ltr />;
          },
        }),
        column.display({
          id: 'rating',
          size: 110,
          meta: { label: t('columns.rating'), hiddenByDefault: true, align: 'end' },
          cell: ({ row }) => {
            const rating = row.original.rating;
            return <GridText value={rating ? t('logbook.rating', { score: rating.score, max: rating.max }) : null} />;
          },
        }),
        reason('late_reason'),
        reason('early_reason'),
        column.display({
          id: 'source',
          size: 150,
          meta: { label: t('columns.source'), hiddenByDefault: true },
          cell: ({ row }) => {
            const { sign_in_source: from, sign_out_source: to } = row.original;
            const parts = [
              from && t('logbook.source_in', { source: t(`sources.${from}`) }),
              to && t('logbook.source_out', { source: t(`sources.${to}`) }),
            ].filter((part) => !!part);
            return <GridText value={parts.join(' · ')} />;
          },
        }),
      ],
      LOGBOOK_SORT_COLUMNS,
    );
  }, [t]);
}
