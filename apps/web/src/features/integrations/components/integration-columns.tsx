import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Integration } from '@app/shared/integrations/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { GridText } from '@/components/data-grid/grid-text';
import { formatDateTime } from '@/lib/dates';
import { pageToOpen } from '../utils/flow-pages';
import { DirectoryLabel } from './directory-logo';
import { IntegrationStatusBadge } from './integration-status-badge';

const column = gridColumnHelper<Integration>();
const SITES_SHOWN = 2;

function SitesCell({ names }: { names: string[] }) {
  const { t } = useTranslation('integrations');
  if (names.length === 0) return <GridText value={null} fallback={t('list.no_sites')} dimmed />;
  return (
    <Tooltip label={names.join(', ')} multiline maw={320} withArrow disabled={names.length <= SITES_SHOWN}>
      <Group gap={4} wrap="nowrap" data-testid="integration-sites">
        {names.slice(0, SITES_SHOWN).map((name) => (
          <Badge key={name} variant="default" tt="none" maw={130}>
            <bdi dir="auto">{name}</bdi>
          </Badge>
        ))}
        {names.length > SITES_SHOWN && (
          <Badge variant="default" tt="none" aria-label={t('list.more_sites', { count: names.length - SITES_SHOWN })}>
            +{names.length - SITES_SHOWN}
          </Badge>
        )}
      </Group>
    </Tooltip>
  );
}

/** The integrations grid's columns, in their default order (spec: name, directory, status, sites, syncs). */
export function useIntegrationColumns(): GridColumnDef<Integration>[] {
  const { t } = useTranslation('integrations');
  return useMemo(
    () =>
      withServerSorting(
        [
          column.accessor('name', {
            size: 230,
            enableHiding: false,
            meta: { label: t('list.columns.name') },
            cell: ({ row }) => (
              <Anchor
                component={Link}
                to={pageToOpen(row.original)}
                size="sm"
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
                data-testid="integration-name"
              >
                <bdi dir="auto">{row.original.name}</bdi>
              </Anchor>
            ),
          }),
          column.accessor('dir_code', {
            size: 200,
            meta: { label: t('list.columns.directory') },
            cell: ({ row }) => <DirectoryLabel code={row.original.dir_code} />,
          }),
          column.accessor('status', {
            size: 180,
            meta: { label: t('list.columns.status') },
            cell: ({ row }) => <IntegrationStatusBadge status={row.original.status} />,
          }),
          column.display({
            id: 'sites',
            size: 220,
            meta: { label: t('list.columns.sites') },
            cell: ({ row }) => <SitesCell names={row.original.site_names} />,
          }),
          column.accessor('last_success_at', {
            size: 170,
            meta: { label: t('list.columns.last_success') },
            cell: ({ row }) => (
              <GridText
                value={row.original.last_success_at ? formatDateTime(row.original.last_success_at) : null}
                fallback={t('list.never')}
                ltr
                testId="integration-last-success"
              />
            ),
          }),
          column.accessor('next_sync_at', {
            size: 170,
            meta: { label: t('list.columns.next_sync') },
            cell: ({ row }) => (
              <GridText
                value={row.original.next_sync_at ? formatDateTime(row.original.next_sync_at) : null}
                fallback={row.original.status === 'inactive' ? t('list.paused') : t('list.not_scheduled')}
                ltr
                testId="integration-next-sync"
              />
            ),
          }),
          column.display({
            id: 'account',
            size: 200,
            meta: { label: t('list.columns.account'), hiddenByDefault: true },
            cell: ({ row }) => <GridText value={row.original.account} ltr truncate />,
          }),
          column.accessor('created_at', {
            size: 150,
            meta: { label: t('list.columns.created'), hiddenByDefault: true },
            cell: ({ row }) => <Text size="sm">{formatDateTime(row.original.created_at)}</Text>,
          }),
        ],
        {},
      ),
    [t],
  );
}
