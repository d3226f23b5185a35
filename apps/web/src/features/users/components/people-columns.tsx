import { Avatar, Badge, Group, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label, Person } from '@app/shared/people/schemas';
import { gridColumnHelper, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { SORTABLE_PEOPLE_COLUMNS } from '../utils/people-query';

const column = gridColumnHelper<Person>();
const BADGES_SHOWN = 2;

const ACCESS_COLORS: Record<Person['dashboard_access'], string> = {
  none: 'gray',
  invited: 'yellow',
  active: 'teal',
  revoked: 'red',
};

/** A few badges and "+N" with the rest in a tooltip, so a person with many sites keeps one line. */
function BadgeList({ items, color }: { items: { id: string; name: string; color?: string }[]; color?: string }) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const shown = items.slice(0, BADGES_SHOWN);
  const rest = items.slice(BADGES_SHOWN);
  return (
    <Group gap={4} wrap="nowrap">
      {shown.map((item) => (
        <Badge key={item.id} variant="light" color={item.color ?? color} maw={140} tt="none">
          {item.name}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map((item) => item.name).join(', ')} multiline maw={280}>
          <Badge variant="outline" color="gray" tt="none">
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
  const { t, i18n } = useTranslation('users');
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    const sortable = (id: string) => id in SORTABLE_PEOPLE_COLUMNS;
    return [
      column.display({
        id: 'photo',
        header: t('columns.photo'),
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
        header: t('columns.name'),
        size: 220,
        enableHiding: false,
        enableSorting: sortable('name'),
        meta: { label: t('columns.name') },
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} truncate data-testid="person-name">
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
        ),
      }),
      column.accessor('email', {
        header: t('columns.email'),
        size: 230,
        enableSorting: sortable('email'),
        meta: { label: t('columns.email') },
        cell: ({ row }) =>
          row.original.email ? (
            <Text size="sm" truncate dir="ltr" span>
              {row.original.email}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ),
      }),
      column.display({
        id: 'phone',
        header: t('columns.phone'),
        size: 170,
        meta: { label: t('columns.phone') },
        cell: ({ row }) =>
          row.original.phone ? (
            <Text size="sm" dir="ltr" span>
              {row.original.phone_code ? `+${row.original.phone_code} ` : ''}
              {row.original.phone}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ),
      }),
      column.accessor('id_number', {
        header: t('columns.id_number'),
        size: 130,
        meta: { label: t('columns.id_number') },
        cell: ({ row }) => (
          <Text size="sm" c={row.original.id_number ? undefined : 'dimmed'} dir="ltr" span>
            {row.original.id_number ?? '—'}
          </Text>
        ),
      }),
      column.accessor('company_name', {
        header: t('columns.company_name'),
        size: 160,
        meta: { label: t('columns.company_name'), hiddenByDefault: true },
        cell: ({ row }) => (
          <Text size="sm" c={row.original.company_name ? undefined : 'dimmed'} span>
            {row.original.company_name ?? '—'}
          </Text>
        ),
      }),
      column.accessor((person) => person.role.name, {
        id: 'role',
        header: t('columns.role'),
        size: 150,
        enableSorting: sortable('role'),
        meta: { label: t('columns.role') },
        cell: ({ row }) => <Text size="sm">{row.original.role.name}</Text>,
      }),
      column.display({
        id: 'department',
        header: t('columns.department'),
        size: 150,
        meta: { label: t('columns.department'), hiddenByDefault: true },
        cell: ({ row }) => (
          <Text size="sm" c={row.original.department ? undefined : 'dimmed'}>
            {row.original.department?.name ?? '—'}
          </Text>
        ),
      }),
      column.display({
        id: 'sites',
        header: t('columns.sites'),
        size: 220,
        meta: { label: t('columns.sites') },
        cell: ({ row }) => <BadgeList items={row.original.sites} color="blue" />,
      }),
      column.display({
        id: 'user_types',
        header: t('columns.user_types'),
        size: 200,
        meta: { label: t('columns.user_types') },
        cell: ({ row }) => <BadgeList items={row.original.user_types} color="grape" />,
      }),
      column.display({
        id: 'labels',
        header: t('columns.labels'),
        size: 180,
        meta: { label: t('columns.labels') },
        cell: ({ row }) => <BadgeList items={labelBadges(row.original.labels)} />,
      }),
      column.accessor('status', {
        header: t('columns.status'),
        size: 120,
        enableSorting: sortable('status'),
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
        header: t('columns.dashboard_access'),
        size: 160,
        meta: { label: t('columns.dashboard_access') },
        cell: ({ row }) => (
          <Badge variant="light" color={ACCESS_COLORS[row.original.dashboard_access]} tt="none">
            {t(`access.${row.original.dashboard_access}`)}
          </Badge>
        ),
      }),
      column.accessor('created_at', {
        header: t('columns.created_at'),
        size: 140,
        enableSorting: sortable('created_at'),
        meta: { label: t('columns.created_at') },
        cell: ({ row }) => <Text size="sm">{date.format(new Date(row.original.created_at))}</Text>,
      }),
    ];
  }, [t, i18n.language]);
}
