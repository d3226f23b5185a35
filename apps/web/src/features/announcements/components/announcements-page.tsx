import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { ANNOUNCEMENT_FILTERS, type Announcement } from '@app/shared/announcements/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { LiveStatus } from '@/components/ui/live-status';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { useSession } from '@/lib/session';
import { announcementsRootKey } from '../api/announcements-query-key';
import { useAnnouncements } from '../api/list-announcements';
import { useAnnouncementStatusEvents } from '../hooks/use-announcement-status-events';
import { ANNOUNCEMENTS_GRID, announcementsQuery, stateFilterOf } from '../utils/announcements-query';
import { useAnnouncementColumns } from './announcement-columns';
import { confirmDeleteAnnouncement } from './confirm-delete-announcement';

const editHref = (id: string) => hrefFor(paths.addAnnouncement, {}, { id });

/**
 * /announcements (spec §2): the company's announcements in the shared grid, narrowed by state,
 * pinned ones first, with the member's saved columns. States change on time without a reload.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const queryClient = useQueryClient();
  const canWrite = isAllowed(useSession()?.permissions, 'add-announcement');
  const grid = usePreferredGrid('announcements', useAnnouncementColumns(), ANNOUNCEMENTS_GRID);
  const { preference } = grid;
  const list = useAnnouncements(announcementsQuery(preference), preference.ready);
  const live = useAnnouncementStatusEvents();

  const state = stateFilterOf(preference);
  const filtered = state !== 'all' || preference.search !== '';
  const lockedReason = (a: Announcement) => (a.editable ? null : t('not_editable'));

  return (
    <Stack gap="lg" data-testid="announcements-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
          <LiveStatus view={live} hint={t('live_hint')} testId="announcements-live" />
        </Stack>
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => navigateTo(paths.addAnnouncement)}
            data-testid="announcement-add"
          >
            {t('actions.add')}
          </Button>
        )}
      </Group>

      <DataGrid
        testId="announcements"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(a) => a.id}
        getRowLabel={(a) => a.excerpt}
        rowProps={(a) => ({ 'data-name': a.excerpt, 'data-state': a.state })}
        searchLabel={t('search')}
        countLabel={(count) => t('count', { count })}
        loadFailedTitle={t('load_failed')}
        filters={
          <SegmentedControl
            aria-label={t('filter.label')}
            value={state}
            onChange={(value) => preference.setFilter('state', value === 'all' ? null : value)}
            data={ANNOUNCEMENT_FILTERS.map((f) => ({
              value: f,
              label: f === 'all' ? t('filter.all') : t(`states.${f}`),
            }))}
            data-testid="announcements-filter-state"
          />
        }
        empty={{
          icon: IconSpeakerphone,
          title: filtered ? t('empty.filtered_title') : t('empty.title'),
          description: filtered ? t('empty.filtered_body') : t('empty.body'),
          action: !filtered && canWrite && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => navigateTo(paths.addAnnouncement)}
            >
              {t('actions.add_first')}
            </Button>
          ),
        }}
        rowActionsWidth={80}
        rowActions={
          !canWrite
            ? undefined
            : (a) => (
                <GridRowActions>
                  <GridRowAction
                    label={t('actions.edit')}
                    icon={<IconPencil size={16} />}
                    disabledReason={lockedReason(a)}
                    onClick={() => navigateTo(editHref(a.id))}
                    testId="announcement-edit"
                  />
                  <GridRowAction
                    label={t('actions.delete')}
                    icon={<IconTrash size={16} />}
                    color="red"
                    disabledReason={lockedReason(a)}
                    onClick={() =>
                      confirmDeleteAnnouncement(a, () =>
                        queryClient.invalidateQueries({ queryKey: announcementsRootKey }),
                      )
                    }
                    testId="announcement-delete"
                  />
                </GridRowActions>
              )
        }
      />
      {list.data && (
        <Text size="xs" c="dimmed" data-testid="announcements-timezone">
          {t('timezone_note', { timezone: list.data.timezone })}
        </Text>
      )}
    </Stack>
  );
}
