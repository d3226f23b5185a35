import { ActionIcon, Badge, Group, Skeleton, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconMapPin, IconPencil, IconSelector, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Site, SITE_SORT_FIELDS } from '@app/shared/sites/schemas';

export type SortField = (typeof SITE_SORT_FIELDS)[number];
export type Sort = { field: SortField; order: 'asc' | 'desc' };

type SitesTableProps = {
  sites: Site[] | undefined;
  loadingRows: number;
  sort: Sort;
  onSort: (field: SortField) => void;
  onEdit: (site: Site) => void;
  onDelete: (site: Site) => void;
};

function SortHeader({
  field,
  sort,
  onSort,
  label,
}: {
  field: SortField;
  sort: Sort;
  onSort: (f: SortField) => void;
  label: string;
}) {
  const active = sort.field === field;
  const Icon = !active ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} data-testid={`sites-sort-${field}`}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <Icon size={14} stroke={1.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function SiteRow({ site, onEdit, onDelete }: { site: Site; onEdit: (s: Site) => void; onDelete: (s: Site) => void }) {
  const { t, i18n } = useTranslation('sites');
  const created = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(site.created_at));
  const place = site.location?.location_name.trim();
  return (
    <Table.Tr data-testid="site-row" data-site-name={site.name}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {site.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={site.area_count > 0 ? 'blue' : 'gray'} data-testid="site-area-count">
          {t('area_count', { count: site.area_count })}
        </Badge>
      </Table.Td>
      <Table.Td>
        {site.location ? (
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={14} color="var(--mantine-color-red-6)" />
            <Text size="sm">{place || t('table.location_unnamed')}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('table.no_location')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{created}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('actions.edit_site')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={t('actions.edit_site')}
              onClick={() => onEdit(site)}
              data-testid="site-edit"
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('actions.delete_site')} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('actions.delete_site')}
              onClick={() => onDelete(site)}
              data-testid="site-delete"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function SitesTable({ sites, loadingRows, sort, onSort, onEdit, onDelete }: SitesTableProps) {
  const { t } = useTranslation('sites');
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="sites-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader field="name" sort={sort} onSort={onSort} label={t('table.name')} />
            <SortHeader field="area_count" sort={sort} onSort={onSort} label={t('table.areas')} />
            <Table.Th>{t('table.location')}</Table.Th>
            <SortHeader field="created_at" sort={sort} onSort={onSort} label={t('table.created')} />
            <Table.Th ta="end">{t('table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites
            ? sites.map((site) => <SiteRow key={site.id} site={site} onEdit={onEdit} onDelete={onDelete} />)
            : Array.from({ length: loadingRows }, (_, row) => (
                <Table.Tr key={row} data-testid="sites-loading">
                  {Array.from({ length: 5 }, (_, cell) => (
                    <Table.Td key={cell}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
