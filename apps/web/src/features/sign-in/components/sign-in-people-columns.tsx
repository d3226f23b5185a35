import { Avatar, Badge, Group, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '@app/shared/people/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { GridText } from '@/components/data-grid/grid-text';
import { SIGN_IN_PEOPLE_SORT_COLUMNS } from '../utils/people-grid';

const column = gridColumnHelper<Person>();
const TYPES_SHOWN = 2;

function UserTypes({ types }: { types: Person['user_types'] }) {
  if (types.length === 0) return <GridText value={null} />;
  const rest = types.slice(TYPES_SHOWN);
  return (
    <Group gap={4} wrap="nowrap">
      {types.slice(0, TYPES_SHOWN).map((type) => (
        <Badge key={type.id} variant="light" color="grape" maw={140} tt="none">
          {type.name}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map((type) => type.name).join(', ')} multiline maw={280}>
          <Badge variant="outline" color="gray" tt="none">
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** The mass sign-in page's people columns, in their default order. */
export function useSignInPeopleColumns(): GridColumnDef<Person>[] {
  const { t } = useTranslation('sign-in');
  return useMemo(
    () =>
      withServerSorting(
        [
          column.accessor('full_name', {
            id: 'name',
            size: 260,
            enableHiding: false,
            meta: { label: t('page.columns.name') },
            cell: ({ row }) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar
                  src={row.original.photo_url}
                  name={row.original.full_name}
                  color="initials"
                  radius="xl"
                  size={32}
                />
                <Text size="sm" fw={500} truncate data-testid="sign-in-person-name">
                  {row.original.full_name}
                </Text>
              </Group>
            ),
          }),
          column.accessor('email', {
            size: 240,
            meta: { label: t('page.columns.email') },
            cell: ({ row }) => <GridText value={row.original.email} ltr truncate />,
          }),
          column.accessor('company_name', {
            size: 180,
            meta: { label: t('page.columns.company') },
            cell: ({ row }) => <GridText value={row.original.company_name} truncate />,
          }),
          column.display({
            id: 'user_types',
            size: 220,
            meta: { label: t('page.columns.user_types') },
            cell: ({ row }) => <UserTypes types={row.original.user_types} />,
          }),
          column.display({
            id: 'sites',
            size: 200,
            meta: { label: t('page.columns.sites'), hiddenByDefault: true },
            cell: ({ row }) => <GridText value={row.original.sites.map((s) => s.name).join(', ')} truncate />,
          }),
        ],
        SIGN_IN_PEOPLE_SORT_COLUMNS,
      ),
    [t],
  );
}
