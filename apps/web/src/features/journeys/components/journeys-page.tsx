import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconRoute, IconRouteSquare, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { Journey } from '@app/shared/journeys/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useJourneys } from '../api/list-journeys';
import { useDeleteJourney } from '../api/save-journey';
import { JOURNEYS_GRID, journeysQuery } from '../utils/journeys-query';
import { useJourneyColumns } from './journey-columns';

/** The journey builder's list (spec /journeys): every journey in the shared grid, with its sites and user types. */
export function JourneysPage() {
  const { t } = useTranslation('journeys');
  const permissions = useSession()?.permissions;
  const canCreate = isAllowed(permissions, 'create_journey');
  const canEdit = isAllowed(permissions, 'edit_journey');
  const canAddFlow = isAllowed(permissions, 'add_journey_flow');
  const grid = usePreferredGrid('journeys', useJourneyColumns(), JOURNEYS_GRID);
  const { preference } = grid;
  const list = useJourneys(journeysQuery(preference), preference.ready);
  const remove = useDeleteJourney();
  const search = preference.search;

  const confirmDelete = (journey: Journey) =>
    modals.openConfirmModal({
      title: t('delete.title', { name: journey.name }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('delete.body')}</Text>
          {journey.flow_count > 0 && (
            <Text size="sm" c="red" fw={500}>
              {t('delete.flows', { count: journey.flow_count })}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'journey-delete-confirm' },
      onConfirm: () =>
        remove.mutate(journey.id, { onSuccess: () => notifySuccess(t('delete.done', { name: journey.name })) }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div style={{ maxWidth: 720 }}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </div>
        {canCreate && (
          <Button
            component={Link}
            to={paths.addJourney}
            leftSection={<IconPlus size={16} />}
            style={{ flex: 'none' }}
            data-testid="journey-add"
          >
            {t('add')}
          </Button>
        )}
      </Group>
      <DataGrid
        testId="journeys"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(journey) => journey.id}
        getRowLabel={(journey) => journey.name}
        rowProps={(journey) => ({ 'data-name': journey.name })}
        searchLabel={t('search')}
        countLabel={(count) => t('count', { count })}
        loadFailedTitle={t('load_failed')}
        empty={{
          icon: IconRoute,
          title: search ? t('empty.search_title') : t('empty.title'),
          description: search ? t('empty.search_body', { search }) : t('empty.body'),
          action: !search && canCreate && (
            <Button component={Link} to={paths.addJourney} variant="light" leftSection={<IconPlus size={16} />}>
              {t('empty.action')}
            </Button>
          ),
        }}
        rowActionsWidth={110}
        rowActions={(journey) => (
          <GridRowActions>
            {canEdit && (
              <GridRowAction
                label={t('actions.edit')}
                icon={<IconPencil size={16} />}
                onClick={() => navigateTo(hrefFor(paths.updateJourney, { id: journey.id }))}
                testId="journey-edit"
              />
            )}
            {canAddFlow && (
              <GridRowAction
                label={t('actions.add_flow')}
                icon={<IconRouteSquare size={16} />}
                onClick={() => navigateTo(hrefFor(paths.addJourneyFlow, { id: journey.id }))}
                testId="journey-add-flow"
              />
            )}
            {canEdit && (
              <GridRowAction
                label={t('actions.delete')}
                icon={<IconTrash size={16} />}
                color="red"
                disabledReason={journey.kiosk_count > 0 ? t('delete.has_kiosks', { count: journey.kiosk_count }) : null}
                onClick={() => confirmDelete(journey)}
                testId="journey-delete"
              />
            )}
          </GridRowActions>
        )}
      />
    </Stack>
  );
}
