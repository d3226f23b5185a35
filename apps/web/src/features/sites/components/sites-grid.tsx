import { Button } from '@mantine/core';
import { IconMapPinOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Site } from '@app/shared/sites/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import type { PreferredGrid } from '@/components/data-grid/use-table-preference';
import { useSites } from '../api/list-sites';
import { sitesQuery } from '../utils/sites-query';

type SitesGridProps = {
  grid: PreferredGrid<Site>;
  onAdd: () => void;
  onEdit: (site: Site) => void;
  onDelete: (site: Site) => void;
};

/** The company's sites in the shared grid, with the member's saved columns, sorting, search and page size. */
export function SitesGrid({ grid, onAdd, onEdit, onDelete }: SitesGridProps) {
  const { t } = useTranslation('sites');
  const { preference } = grid;
  const list = useSites(sitesQuery(preference), preference.ready);
  const search = preference.search;

  return (
    <DataGrid
      testId="sites"
      columns={grid.columns}
      {...gridListProps(list)}
      preference={preference}
      getRowId={(site) => site.id}
      getRowLabel={(site) => site.name}
      rowProps={(site) => ({ 'data-name': site.name })}
      searchLabel={t('search')}
      countLabel={(count) => t('count', { count })}
      loadFailedTitle={t('load_failed')}
      empty={{
        icon: IconMapPinOff,
        title: search ? t('empty.search_title') : t('empty.title'),
        description: search ? t('empty.search_body', { search }) : t('empty.body'),
        action: !search && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
            {t('actions.add_first_site')}
          </Button>
        ),
      }}
      rowActionsWidth={84}
      rowActions={(site) => (
        <GridRowActions>
          <GridRowAction
            label={t('actions.edit_site')}
            icon={<IconPencil size={16} />}
            onClick={() => onEdit(site)}
            testId="site-edit"
          />
          <GridRowAction
            label={t('actions.delete_site')}
            icon={<IconTrash size={16} />}
            color="red"
            onClick={() => onDelete(site)}
            testId="site-delete"
          />
        </GridRowActions>
      )}
    />
  );
}
