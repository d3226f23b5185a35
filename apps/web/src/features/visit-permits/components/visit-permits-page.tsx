import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarOff, IconPencil, IconPlayerPlay, IconPlus, IconTrash, IconUsersPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitPermit } from '@app/shared/visit-permits/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { useDeleteVisitPermit } from '../api/delete-visit-permit';
import { useVisitPermits } from '../api/list-visit-permits';
import { PERMITS_GRID, permitFilters, permitsQuery } from '../utils/permits-query';
import { PermitAssignDrawer } from './permit-assign-drawer';
import { usePermitColumns } from './permit-columns';
import { PermitFilters } from './permit-filters';
import { PermitFormModal, type PermitModalState } from './permit-form-modal';

/** The visit permits screen (spec §2 /visit-permits): the company's permits in the shared grid. */
export function VisitPermitsPage() {
  const { t } = useTranslation('visit-permits');
  const grid = usePreferredGrid('visit-permits', usePermitColumns(), PERMITS_GRID);
  const { preference } = grid;
  const list = useVisitPermits(permitsQuery(preference), preference.ready);
  const remove = useDeleteVisitPermit();
  const [form, setForm] = useState<PermitModalState>(null);
  const [assigning, setAssigning] = useState<VisitPermit | null>(null);
  const timezone = list.data?.timezone ?? 'UTC';
  // The drawer shows the permit as the list has it now, so its counts follow each assignment.
  const assigned = assigning ? (list.data?.data.find((p) => p.id === assigning.id) ?? assigning) : null;

  const { recurrence, period } = permitFilters(preference.state.filters);
  const filtered = preference.search !== '' || recurrence.length > 0 || period !== undefined;
  const locked = (permit: VisitPermit) => (permit.outside_scope ? t('table.outside_scope') : null);

  const confirmDelete = (permit: VisitPermit) =>
    modals.openConfirmModal({
      title: t('delete.title', { name: permit.name }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('delete.body')}</Text>
          {permit.people_count + permit.user_type_count > 0 && (
            <Text size="sm" c="red" fw={500} data-testid="permit-delete-assigned">
              {t('delete.assigned', {
                people: t('people_count', { count: permit.people_count }),
                types: t('user_type_count', { count: permit.user_type_count }),
              })}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'permit-delete-confirm' },
      onConfirm: () =>
        remove.mutate(permit.id, { onSuccess: () => notifySuccess(t('toasts.deleted', { name: permit.name })) }),
    });

  return (
    <Stack gap="lg" data-testid="visit-permits-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
          {list.data && (
            <Text size="xs" c="dimmed" data-testid="permits-timezone">
              {t('timezone', { timezone })}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlayerPlay size={16} />}
            renderRoot={(props) => <Link to={paths.visitPermitPlayground} {...props} />}
            data-testid="permits-playground"
          >
            {t('playground_link')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setForm({ mode: 'add' })}
            data-testid="permit-add"
          >
            {t('add')}
          </Button>
        </Group>
      </Group>

      <DataGrid
        testId="permits"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(permit) => permit.id}
        getRowLabel={(permit) => permit.name}
        rowProps={(permit) => ({ 'data-name': permit.name })}
        searchLabel={t('search')}
        countLabel={(count) => t('count', { count })}
        loadFailedTitle={t('load_failed')}
        filters={
          <PermitFilters
            filters={preference.state.filters}
            disabled={!preference.ready}
            onChange={preference.setFilter}
          />
        }
        empty={{
          icon: IconCalendarOff,
          title: filtered ? t('empty.filtered_title') : t('empty.title'),
          description: filtered ? t('empty.filtered_body') : t('empty.body'),
          action: !filtered && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setForm({ mode: 'add' })}>
              {t('add_first')}
            </Button>
          ),
        }}
        rowActionsWidth={124}
        rowActions={(permit) => (
          <GridRowActions>
            <GridRowAction
              label={t('actions.assign', { name: permit.name })}
              icon={<IconUsersPlus size={16} />}
              onClick={() => setAssigning(permit)}
              testId="permit-assign"
            />
            <GridRowAction
              label={t('actions.edit', { name: permit.name })}
              icon={<IconPencil size={16} />}
              onClick={() => setForm({ mode: 'edit', permit })}
              disabledReason={locked(permit)}
              testId="permit-edit"
            />
            <GridRowAction
              label={t('actions.delete', { name: permit.name })}
              icon={<IconTrash size={16} />}
              color="red"
              onClick={() => confirmDelete(permit)}
              disabledReason={locked(permit)}
              testId="permit-delete"
            />
          </GridRowActions>
        )}
      />

      <PermitFormModal state={form} timezone={timezone} onClose={() => setForm(null)} />
      <PermitAssignDrawer permit={assigned} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
