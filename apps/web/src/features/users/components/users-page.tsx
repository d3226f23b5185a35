import { ActionIcon, Button, EmptyState, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '@app/shared/people/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { columnInfo } from '@/components/data-grid/grid-columns';
import type { GridConfig } from '@/components/data-grid/grid-state';
import { useTablePreference } from '@/components/data-grid/use-table-preference';
import { notifySuccess } from '@/lib/notify';
import { useDeletePerson } from '../api/delete-person';
import { usePeople } from '../api/list-people';
import { PEOPLE_FILTER_KEYS, activeFilterCount, peopleQuery } from '../utils/people-query';
import { usePeopleColumns } from './people-columns';
import { PeopleFilters } from './people-filters';
import { PeopleMassActions } from './people-mass-actions';
import { PersonDrawer, type PersonDrawerState } from './person-drawer';

/** The users screen (spec §2 /users): the company's people in the shared grid, their form and mass actions. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const columns = usePeopleColumns();
  const config = useMemo<GridConfig>(
    () => ({
      columns: columnInfo(columns),
      defaultSorting: [{ id: 'name', desc: false }],
      filterKeys: PEOPLE_FILTER_KEYS,
    }),
    [columns],
  );
  const preference = useTablePreference('users', config);
  const query = peopleQuery(preference.state, preference.pageIndex, preference.search);
  const list = usePeople(query, preference.ready);
  const remove = useDeletePerson();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [drawer, setDrawer] = useState<PersonDrawerState>(null);

  const filtered = activeFilterCount(preference.state.filters) > 0 || preference.search !== '';

  /** Why a person cannot be deleted (the server refuses the same), or null. */
  const deleteRefusal = (person: Person): string | null => {
    if (person.is_default) return t('delete.default');
    if (person.is_self) return t('delete.self');
    if (person.dashboard_access === 'active' || person.dashboard_access === 'invited') return t('delete.has_access');
    return null;
  };

  const confirmDelete = (person: Person) =>
    modals.openConfirmModal({
      title: t('delete.title', { name: person.full_name }),
      children: <Text size="sm">{t('delete.body', { name: person.full_name })}</Text>,
      labels: { confirm: t('delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'person-delete-confirm' },
      onConfirm: () =>
        remove.mutate(person.id, {
          onSuccess: () => {
            notifySuccess(t('toasts.user_deleted'));
            setSelected(({ [person.id]: _gone, ...rest }) => rest);
          },
        }),
    });

  return (
    <Stack gap="lg" data-testid="users-page">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDrawer({ mode: 'add' })}
          data-testid="person-add"
        >
          {t('actions.add')}
        </Button>
      </Group>

      <DataGrid
        testId="users"
        columns={columns}
        data={list.data?.data}
        count={list.data?.count}
        getRowId={(person) => person.id}
        getRowLabel={(person) => person.full_name}
        preference={preference}
        fetching={list.isPlaceholderData}
        loadFailed={list.isError && !list.data}
        loadFailedTitle={t('load_failed')}
        onRetry={() => void list.refetch()}
        searchLabel={t('search')}
        countLabel={(count) => t('count', { count })}
        filters={
          <PeopleFilters
            filters={preference.state.filters}
            disabled={!preference.ready}
            onChange={preference.setFilter}
            onClear={() => preference.update((state) => ({ ...state, filters: {} }))}
          />
        }
        empty={
          <EmptyState
            icon={<IconUsersGroup size={28} />}
            title={filtered ? t('empty.filtered_title') : t('empty.title')}
            description={filtered ? t('empty.filtered_body') : t('empty.body')}
            py="xl"
            data-testid="users-empty"
          >
            {!filtered && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setDrawer({ mode: 'add' })}>
                {t('actions.add_first')}
              </Button>
            )}
          </EmptyState>
        }
        selection={{
          selected,
          onChange: setSelected,
          actions: (people) => <PeopleMassActions people={people} onDone={() => setSelected({})} />,
        }}
        rowActionsWidth={96}
        rowProps={(person) => ({ 'data-name': person.full_name, 'data-status': person.status })}
        rowActions={(person) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('actions.edit', { name: person.full_name })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('actions.edit', { name: person.full_name })}
                onClick={() => setDrawer({ mode: 'edit', id: person.id, name: person.full_name })}
                data-testid="person-edit"
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip
              label={deleteRefusal(person) ?? t('actions.delete', { name: person.full_name })}
              multiline
              maw={260}
            >
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('actions.delete', { name: person.full_name })}
                disabled={deleteRefusal(person) !== null}
                onClick={() => confirmDelete(person)}
                data-testid="person-delete"
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      />

      <PersonDrawer state={drawer} onClose={() => setDrawer(null)} />
    </Stack>
  );
}
