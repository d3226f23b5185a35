import { Avatar, Badge, Button, EmptyState, Group, Text } from '@mantine/core';
import { IconBuildingOff, IconPackage } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { planName } from '@app/shared/constants';
import { DataGrid } from '@/components/data-grid/data-grid';
import { columnInfo, gridColumnHelper, type GridColumnDef } from '@/components/data-grid/grid-columns';
import type { GridConfig } from '@/components/data-grid/grid-state';
import { useTablePreference } from '@/components/data-grid/use-table-preference';
import { usePlatformEntities, type PlatformEntity } from '../api/list-platform-entities';

const column = gridColumnHelper<PlatformEntity>();

function useCompanyColumns(): GridColumnDef<PlatformEntity>[] {
  const { t } = useTranslation('system');
  return useMemo(
    () => [
      column.accessor('name', {
        header: t('columns.name'),
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
        header: t('columns.subdomain'),
        size: 130,
        meta: { label: t('columns.subdomain') },
        cell: ({ row }) => (
          <Text size="sm" c={row.original.subdomain ? undefined : 'dimmed'} dir="ltr" span>
            {row.original.subdomain ?? t('no_subdomain')}
          </Text>
        ),
      }),
      column.accessor('package', {
        header: t('columns.package'),
        size: 140,
        meta: { label: t('columns.package') },
        cell: ({ row }) => (
          <Badge variant="light" color={row.original.package === 'Cloud' ? 'blue' : 'grape'}>
            {t(`common:packages.${row.original.package}`)}
          </Badge>
        ),
      }),
      column.accessor('plan', {
        header: t('columns.plan'),
        size: 130,
        meta: { label: t('columns.plan') },
        cell: ({ row }) => {
          const plan = planName(row.original.plan);
          return plan ? t(`common:plans.${plan}`) : row.original.plan;
        },
      }),
      column.accessor('members', {
        header: t('columns.members'),
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
  const columns = useCompanyColumns();
  const config = useMemo<GridConfig>(
    () => ({ columns: columnInfo(columns), defaultSorting: [], filterKeys: [] }),
    [columns],
  );
  const preference = useTablePreference('system-companies', config);
  const list = usePlatformEntities(
    { page: preference.pageIndex + 1, limit: preference.state.pageSize, search: preference.search },
    preference.ready,
  );

  return (
    <DataGrid
      testId="companies"
      columns={columns}
      data={list.data?.data}
      count={list.data?.count}
      getRowId={(entity) => entity.id}
      getRowLabel={(entity) => entity.name}
      preference={preference}
      fetching={list.isPlaceholderData}
      loadFailed={list.isError && !list.data}
      loadFailedTitle={t('load_failed')}
      onRetry={() => void list.refetch()}
      searchLabel={t('search')}
      countLabel={(count) => t('count', { count })}
      empty={
        <EmptyState
          icon={<IconBuildingOff size={28} />}
          title={preference.search ? t('empty.search_title') : t('empty.title')}
          description={preference.search ? t('empty.search_body', { search: preference.search }) : t('empty.body')}
          py="xl"
          data-testid="companies-empty"
        />
      }
      rowProps={() => ({ 'data-testid': 'company-row' })}
      rowActionsWidth={170}
      rowActions={(entity) => (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPackage size={14} />}
          onClick={() => onChangePackage(entity)}
          data-testid="change-package"
        >
          {t('package.button')}
        </Button>
      )}
    />
  );
}
