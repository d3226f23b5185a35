import { Avatar, Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label, Person } from '@app/shared/people/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { GridText } from '@/components/data-grid/grid-text';
import { PEOPLE_SORT_COLUMNS } from '../utils/people-query';
import { formatDate } from '@/lib/dates';
import { roleName } from '@/lib/role-name';

const column = gridColumnHelper<Person>();
const BADGES_SHOWN = 2;

const ACCESS_COLORS: Record<Person['dashboard_access'], string> = {
  none: 'gray',
  invited: 'yellow',
  active: 'teal',
  revoked: 'red',
};

/** A few badges and "+N" with the rest in a tooltip, so a person with many sites keeps one line. */
function BadgeList({
  items,
  color,
  size,
}: {
  items: { id: string; name: string; color?: string }[];
  color?: string;
  size?: 'xs';
}) {
  if (items.length === 0) return <GridText value={null} />;
  const shown = items.slice(0, BADGES_SHOWN);
  const rest = items.slice(BADGES_SHOWN);
  return (
    <Group gap={4} wrap="nowrap">
      {shown.map((item) => (
        // Badges share the cell and each is cut at its end when it must; the whole name shows on hover.
        <Badge
          key={item.id}
          size={size}
          variant="light"
          color={item.color ?? color}
          maw={140}
          miw={0}
          tt="none"
          dir="auto"
          title={item.name}
          style={{ flexShrink: 1 }}
        >
          {item.name}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map((item) => item.name).join(', ')} multiline maw={280}>
          <Badge size={size} variant="outline" color="gray" tt="none" style={{ flexShrink: 0 }}>
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

export const labelBadges = (labels: Label[]) => labels.map((l) => ({ id: l.id, name: l.name, color: l.color }));

/** The users grid's columns, in their default order. */
export function usePeopleColumns(): GridColumnDef<Person>[] {
  const { t } = useTranslation('users');
  return useMemo(() => {
    return withServerSorting(
      [
        column.display({
          id: 'photo',
          size: 72,
          minSize: 60,
          maxSize: 120,
          meta: { label: t('columns.photo') },
          cell: ({ row }) => (
            <Avatar
              src={row.original.photo_url}
              name={row.original.full_name}
              color="initials"
              radius="xl"
              size={36}
              alt={t('photo.alt', { name: row.original.full_name })}
              data-testid="person-thumbnail"
            />
          ),
        }),
        column.accessor('full_name', {
          id: 'name',
          size: 200,
          enableHiding: false,
          meta: { label: t('columns.name') },
          // The email under the name tells two people of one name apart while its own column is hidden;
          // the labels show beside the email while theirs is (so a label just added is seen at once).
          cell: ({ row, table }) => (
            <Stack gap={0} miw={0}>
              <Group gap={6} wrap="nowrap">
                <Text
                  size="sm"
                  fw={500}
                  truncate="end"
                  dir="auto"
                  title={row.original.full_name}
                  data-testid="person-name"
                >
                  {row.original.full_name}
                </Text>
                {row.original.is_self && (
                  <Badge size="xs" variant="outline" tt="none">
                    {t('badges.you')}
                  </Badge>
                )}
                {row.original.is_default && (
                  <Tooltip label={t('badges.default_hint')} multiline maw={260}>
                    <Badge size="xs" variant="light" color="gray" tt="none">
                      {t('badges.default')}
                    </Badge>
                  </Tooltip>
                )}
              </Group>
              <Group gap={6} wrap="nowrap" miw={0}>
                <GridText value={row.original.email} fallback="" ltr truncate size="xs" dimmed />
                {row.original.labels.length > 0 && !table.getColumn('labels')?.getIsVisible() && (
                  <Box miw={0} data-testid="person-name-labels">
                    <BadgeList items={labelBadges(row.original.labels)} size="xs" />
                  </Box>
                )}
              </Group>
            </Stack>
          ),
        }),
        column.accessor('email', {
          size: 230,
          meta: { label: t('columns.email'), hiddenByDefault: true },
          cell: ({ row }) => <GridText value={row.original.email} ltr truncate />,
        }),
        column.display({
          id: 'phone',
          size: 170,
          meta: { label: t('columns.phone'), hiddenByDefault: true },
          cell: ({ row }) => {
            const { phone, phone_code: code } = row.original;
            return <GridText value={phone && `${code ? `+${code} ` : ''}${phone}`} ltr />;
          },
        }),
        column.accessor('id_number', {
          size: 130,
          meta: { label: t('columns.id_number'), hiddenByDefault: true },
          cell: ({ row }) => <GridText value={row.original.id_number} ltr />,
        }),
        column.accessor('company_name', {
          size: 160,
          meta: { label: t('columns.company_name'), hiddenByDefault: true },
          cell: ({ row }) => <GridText value={row.original.company_name} />,
        }),
        column.accessor((person) => person.role.name, {
          id: 'role',
          size: 110,
          meta: { label: t('columns.role') },
          cell: ({ row }) => <Text size="sm">{roleName(row.original.role, t)}</Text>,
        }),
        column.display({
          id: 'department',
          size: 150,
          meta: { label: t('columns.department'), hiddenByDefault: true },
          cell: ({ row }) => <GridText value={row.original.department?.name} />,
        }),
        column.display({
          id: 'sites',
          size: 150,
          meta: { label: t('columns.sites') },
          cell: ({ row }) => <BadgeList items={row.original.sites} color="blue" />,
        }),
        column.display({
          id: 'user_types',
          size: 150,
          meta: { label: t('columns.user_types') },
          cell: ({ row }) => <BadgeList items={row.original.user_types} color="grape" />,
        }),
        column.display({
          id: 'labels',
          size: 180,
          meta: { label: t('columns.labels'), hiddenByDefault: true },
          cell: ({ row }) => <BadgeList items={labelBadges(row.original.labels)} />,
        }),
        column.accessor('status', {
          size: 100,
          meta: { label: t('columns.status') },
          cell: ({ row }) => (
            <Badge
              variant="dot"
              color={row.original.status === 'active' ? 'teal' : 'gray'}
              tt="none"
              data-testid="person-status"
            >
              {t(`status.${row.original.status}`)}
            </Badge>
          ),
        }),
        column.accessor('dashboard_access', {
          size: 160,
          meta: { label: t('columns.dashboard_access'), hiddenByDefault: true },
          cell: ({ row }) => (
            <Badge variant="light" color={ACCESS_COLORS[row.original.dashboard_access]} tt="none">
              {t(`access.${row.original.dashboard_access}`)}
            </Badge>
          ),
        }),
        column.accessor('created_at', {
          size: 140,
          meta: { label: t('columns.created_at'), hiddenByDefault: true },
          cell: ({ row }) => <Text size="sm">{formatDate(row.original.created_at)}</Text>,
        }),
      ],
      PEOPLE_SORT_COLUMNS,
    );
  }, [t]);
}
