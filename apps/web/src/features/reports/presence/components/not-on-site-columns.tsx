import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotOnSiteRow } from '@app/shared/reports/presence';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { formatLocalReading } from '@/lib/dates';

const column = gridColumnHelper<NotOnSiteRow>();

/** The not-on-site grid's columns, in their default order (the ids an export names too). */
export function useNotOnSiteColumns(): GridColumnDef<NotOnSiteRow>[] {
  const { t } = useTranslation('reports');
  return useMemo(() => {
    const text = (id: string, value: (r: NotOnSiteRow) => string, extra: { size?: number; hidden?: boolean } = {}) =>
      column.accessor((r) => value(r), {
        id,
        size: extra.size ?? 150,
        meta: { label: t(`users_not_on_site.columns.${id}`), hiddenByDefault: extra.hidden },
        cell: ({ getValue }) => (
          <Text size="sm" truncate="end">
            {getValue()}
          </Text>
        ),
      });
    return withServerSorting(
      [
        column.accessor((r) => r.person.full_name, {
          id: 'name',
          size: 240,
          enableHiding: false,
          meta: { label: t('users_not_on_site.columns.name') },
          cell: ({ row }) => (
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar
                src={row.original.person.photo_url}
                name={row.original.person.full_name}
                color="initials"
                radius="xl"
                size={32}
                alt=""
              />
              <Text size="sm" fw={500} truncate="end" dir="auto" data-testid="not-on-site-name">
                {row.original.person.full_name}
              </Text>
            </Group>
          ),
        }),
        text('company', (r) => r.person.company_name ?? '', { hidden: true }),
        column.accessor((r) => r.user_types.map((u) => u.name).join(', '), {
          id: 'user_types',
          size: 180,
          meta: { label: t('users_not_on_site.columns.user_types') },
          cell: ({ row }) => (
            <Group gap={4} wrap="nowrap">
              {row.original.user_types.map((u) => (
                <Badge key={u.id} variant="light" size="sm">
                  {u.name}
                </Badge>
              ))}
            </Group>
          ),
        }),
        column.accessor((r) => r.last_visit?.signed_in.local ?? '', {
          id: 'last_signed_in',
          size: 200,
          meta: { label: t('users_not_on_site.columns.last_visit') },
          cell: ({ row }) => {
            const visit = row.original.last_visit;
            if (!visit)
              return (
                <Text size="sm" c="dimmed">
                  {t('users_not_on_site.never')}
                </Text>
              );
            return (
              <Stack gap={0} miw={0}>
                <Text size="sm" dir="ltr" ta="start" data-testid="not-on-site-last-visit">
                  {formatLocalReading(visit.signed_in.local)}
                  {visit.signed_out ? ` – ${formatLocalReading(visit.signed_out.local)}` : ''}
                </Text>
                {visit.state === 'on_site' && (
                  <Text size="xs" c="dimmed">
                    {t('users_not_on_site.still_on_site')}
                  </Text>
                )}
              </Stack>
            );
          },
        }),
        text('last_site', (r) => r.last_visit?.site.name ?? ''),
        text('last_area', (r) => r.last_visit?.area.name ?? ''),
      ],
      { name: 'name' },
    );
  }, [t]);
}
