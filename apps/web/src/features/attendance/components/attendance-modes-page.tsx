import { Button, Flex, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconListDetails, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { AttendanceMode } from '@app/shared/attendance/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useSearchText } from '@/lib/search-param';
import { useSession } from '@/lib/session';
import { useDeleteAttendanceMode } from '../api/delete-attendance-mode';
import { useAttendanceModes } from '../api/list-attendance-modes';
import { MODES_GRID, modesQuery } from '../utils/modes-query';
import { confirmDeleteMode } from './delete-confirmations';
import { useModeColumns } from './mode-columns';
import { ModeReasonsPanel } from './mode-reasons-panel';

/**
 * `/attendance-modes`: the company's working schedules in the shared grid (the member's columns,
 * sorting, search and page size are saved), and below it the reasons of the mode chosen with
 * `?mode=` (the first of the page until one is chosen).
 */
export function AttendanceModesPage() {
  const { t } = useTranslation('attendance');
  const permissions = useSession()?.permissions;
  const canEditModes = isAllowed(permissions, 'add_attendance_mode');
  const canEditReasons = isAllowed(permissions, 'add_reason');
  const grid = usePreferredGrid('attendance-modes', useModeColumns(), MODES_GRID);
  const { preference } = grid;
  const list = useAttendanceModes(modesQuery(preference), preference.ready);
  const deleteMode = useDeleteAttendanceMode();
  const chosenId = useSearchText('mode');
  const rows = list.data?.data ?? [];
  const active = rows.find((m) => m.id === chosenId) ?? rows[0];
  const search = preference.search;

  const choose = (mode: AttendanceMode) =>
    navigateTo(hrefFor(paths.attendanceModes, {}, { mode: mode.id }), { replace: true });
  const addMode = () => navigateTo(paths.addAttendanceMode);
  const remove = (mode: AttendanceMode) =>
    confirmDeleteMode(mode, () => deleteMode.mutate(mode.id, { onSuccess: () => notifySuccess(t('toasts.deleted')) }));

  return (
    <Stack gap="lg" data-testid="attendance-modes-page">
      <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </Stack>
        {canEditModes && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={addMode}
            style={{ flex: 'none' }}
            data-testid="mode-add"
          >
            {t('actions.add_mode')}
          </Button>
        )}
      </Flex>

      <DataGrid
        testId="attendance-modes"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(mode) => mode.id}
        getRowLabel={(mode) => mode.name}
        rowProps={(mode) => ({ 'data-name': mode.name, 'data-active': mode.id === active?.id ? 'true' : undefined })}
        searchLabel={t('search')}
        countLabel={(count) => t('count', { count })}
        loadFailedTitle={t('load_failed')}
        empty={{
          icon: IconCalendarTime,
          title: search ? t('empty.search_title') : t('empty.title'),
          description: search ? t('empty.search_body', { search }) : t('empty.body'),
          action: !search && canEditModes && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addMode}>
              {t('actions.add_first_mode')}
            </Button>
          ),
        }}
        rowActionsWidth={canEditModes || canEditReasons ? 148 : 52}
        rowActions={(mode) => (
          <GridRowActions>
            <GridRowAction
              label={t('actions.show_reasons')}
              icon={<IconListDetails size={16} />}
              color={mode.id === active?.id ? 'blue' : 'gray'}
              onClick={() => choose(mode)}
              testId="mode-show-reasons"
            />
            {canEditReasons && (
              <GridRowAction
                label={t('actions.add_reason')}
                icon={<IconPlus size={16} />}
                onClick={() => navigateTo(hrefFor(paths.addReason, {}, { mode: mode.id }))}
                testId="mode-add-reason"
              />
            )}
            {canEditModes && (
              <GridRowAction
                label={t('actions.edit_mode')}
                icon={<IconPencil size={16} />}
                onClick={() => navigateTo(hrefFor(paths.addAttendanceMode, {}, { id: mode.id }))}
                testId="mode-edit"
              />
            )}
            {canEditModes && (
              <GridRowAction
                label={t('actions.delete_mode')}
                icon={<IconTrash size={16} />}
                color="red"
                onClick={() => remove(mode)}
                testId="mode-delete"
              />
            )}
          </GridRowActions>
        )}
      />

      {active && <ModeReasonsPanel key={active.id} mode={active} canEditReasons={canEditReasons} />}
    </Stack>
  );
}
