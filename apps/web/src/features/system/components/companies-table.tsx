import { Avatar, Badge, Group, Text } from '@mantine/core';
import { IconBuildingOff, IconPackage } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { planName } from '@app/shared/constants';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridColumnHelper, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { gridPageQuery, type GridOptions } from '@/components/data-grid/grid-state';
import { GridText } from '@/components/data-grid/grid-text';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { usePlatformEntities, type PlatformEntity } from '../api/list-platform-entities';

const column = gridColumnHelper<PlatformEntity>();

/** The server keeps one order, by name, and narrows the list by the search alone. */
const COMPANIES_GRID: GridOptions = { defaultSorting: [], filterKeys: [] };

function useCompanyColumns(): GridColumnDef<PlatformEntity>[] {
  const { t } = useTranslation('system');
  return useMemo(
    () => [
      column.accessor('name', {
        size: 220,
        enableHiding: false,
        meta: { label: t('columns.name') },
        cell: ({ row }) => (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={row.original.logo} name={row.original.name} color="initials" size="sm" radius="sm" />
            <Text size="sm" fw={500} truncate>
              {row.original.name}
            </Text>
          </Group>
        ),
      }),
      column.accessor('subdomain', {
        size: 130,
        meta: { label: t('columns.subdomain') },
        cell: ({ row }) => <GridText value={row.original.subdomain} fallback={t('no_subdomain')} ltr />,
      }),
      column.accessor('package', {
        size: 140,
        meta: { label: t('columns.package') },
        cell: ({ row }) => (
          <Badge variant="light" color={row.original.package === 'Cloud' ? 'blue' : 'grape'}>
            {t(`common:packages.${row.original.package}`)}
          </Badge>
        ),
      }),
      column.accessor('plan', {
        size: 130,
        meta: { label: t('columns.plan') },
        cell: ({ row }) => {
          const plan = planName(row.original.plan);
          return plan ? t(`common:plans.${plan}`) : row.original.plan;
        },
      }),
      column.accessor('members', {
        size: 100,
        meta: { label: t('columns.members'), align: 'end' },
      }),
    ],
    [t],
  );
}

/** Every company of the platform in the shared grid, with the member's saved columns. */
export function CompaniesTable({ onChangePackage }: { onChangePackage: (entity: PlatformEntity) => void }) {
  const { t } = useTranslation('system');
  const grid = usePreferredGrid('system-companies', useCompanyColumns(), COMPANIES_GRID);
  const { preference } = grid;
  const list = usePlatformEntities(gridPageQuery(preference), preference.ready);
  const search = preference.search;

  return (
    <DataGrid
      testId="companies"
      columns={grid.columns}
      {...gridListProps(list)}
      preference={preference}
      getRowId={(entity) => entity.id}
      getRowLabel={(entity) => entity.name}
      loadFailedTitle={t('load_failed')}
      searchLabel={t('search')}
      countLabel={(count) => t('count', { count })}
      empty={{
        icon: IconBuildingOff,
        title: search ? t('empty.search_title') : t('empty.title'),
        description: search ? t('empty.search_body', { search }) : t('empty.body'),
      }}
      rowProps={(entity) => ({ 'data-name': entity.name })}
      rowActionsWidth={170}
      rowActions={(entity) => (
        <GridRowActions>
          <GridRowAction
            label={t('package.button')}
            icon={<IconPackage size={14} />}
            withLabel
            onClick={() => onChangePackage(entity)}
            testId="change-package"
          />
        </GridRowActions>
      )}
    />
  );
}
