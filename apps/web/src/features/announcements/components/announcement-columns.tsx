import { Anchor, Group, Text } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@app/shared/announcements/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { ANNOUNCEMENT_SORT_COLUMNS } from '../utils/announcements-query';
import { formatReading } from '../utils/announcement-form';
import { AnnouncementFlags, AnnouncementStateBadge, AnnouncementTargets } from './announcement-badges';
import { formatDate } from '@/lib/dates';

const column = gridColumnHelper<Announcement>();

export const detailsHref = (id: string) => hrefFor(paths.announcementDetails, {}, { id });

/** The announcements grid's columns, in their default order. Times are readings of the company's clock. */
export function useAnnouncementColumns(): GridColumnDef<Announcement>[] {
  const { t } = useTranslation('announcements');
  return useMemo(
    () =>
      withServerSorting(
        [
          column.accessor('excerpt', {
            id: 'text',
            size: 230,
            enableHiding: false,
            meta: { label: t('table.text') },
            cell: ({ row }) => (
              <Group gap={6} wrap="nowrap">
                {row.original.pinned && (
                  <IconPin size={14} color="var(--mantine-color-blue-6)" style={{ flex: 'none' }} aria-hidden />
                )}
                <Anchor
                  href={detailsHref(row.original.id)}
                  size="sm"
                  fw={row.original.urgent ? 600 : 500}
                  c={row.original.urgent ? 'red.7' : undefined}
                  truncate="end"
                  onClick={(event) => {
                    event.preventDefault();
                    navigateTo(detailsHref(row.original.id));
                  }}
                  data-testid="announcement-open"
                >
                  {row.original.excerpt}
                </Anchor>
              </Group>
            ),
          }),
          column.accessor('state', {
            size: 100,
            meta: { label: t('table.state') },
            cell: ({ row }) => <AnnouncementStateBadge state={row.original.state} />,
          }),
          column.accessor('publish_at', {
            size: 110,
            meta: { label: t('table.publish_at') },
            cell: ({ row }) => (
              <Text size="sm" dir="ltr" span>
                {formatReading(row.original.publish_at)}
              </Text>
            ),
          }),
          column.accessor('expires_at', {
            size: 110,
            meta: { label: t('table.expires_at') },
            cell: ({ row }) => (
              <Text size="sm" dir="ltr" span>
                {formatReading(row.original.expires_at)}
              </Text>
            ),
          }),
          column.display({
            id: 'user_types',
            size: 130,
            meta: { label: t('table.user_types') },
            cell: ({ row }) => <AnnouncementTargets userTypes={row.original.user_types} />,
          }),
          column.display({
            id: 'flags',
            size: 130,
            meta: { label: t('table.flags') },
            cell: ({ row }) => <AnnouncementFlags announcement={row.original} />,
          }),
          column.accessor('created_at', {
            size: 130,
            meta: { label: t('table.created_at'), hiddenByDefault: true },
            cell: ({ row }) => (
              <Text size="sm" dir="ltr" span>
                {formatDate(row.original.created_at)}
              </Text>
            ),
          }),
        ],
        ANNOUNCEMENT_SORT_COLUMNS,
      ),
    [t],
  );
}
