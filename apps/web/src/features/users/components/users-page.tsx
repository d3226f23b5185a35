import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconCalendarCheck,
  IconFileImport,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { Person } from '@app/shared/people/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useDeletePerson } from '../api/delete-person';
import { usePeople } from '../api/list-people';
import { USERS_GRID, activeFilterCount, peopleQuery } from '../utils/people-query';
import { usePeopleColumns } from './people-columns';
import { PeopleFilters } from './people-filters';
import { PeopleMassActions } from './people-mass-actions';
import { PersonDrawer, type PersonDrawerState } from './person-drawer';

/** The users screen (spec §2 /users): the company's people in the shared grid, their form and mass actions. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const grid = usePreferredGrid('users', usePeopleColumns(), USERS_GRID);
  const { preference } = grid;
  const list = usePeople(peopleQuery(preference), preference.ready);
  const remove = useDeletePerson();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [drawer, setDrawer] = useState<PersonDrawerState>(null);
  // A person's visit permits are a settings page (/users/visit-permits/:id).
  const canSeePermits = isAllowed(useSession()?.permissions, 'user_settings');

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
        <Group gap="sm" justify="flex-end">
          <Button
            variant="default"
            component={Link}
            to={paths.usersImport}
            leftSection={<IconFileImport size={16} />}
            data-testid="people-import-open"
          >
            {t('people-import:entry')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDrawer({ mode: 'add' })}
            data-testid="person-add"
          >
            {t('actions.add')}
          </Button>
        </Group>
      </Group>

      <DataGrid
        testId="users"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(person) => person.id}
        getRowLabel={(person) => person.full_name}
        loadFailedTitle={t('load_failed')}
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
        empty={{
          icon: IconUsersGroup,
          title: filtered ? t('empty.filtered_title') : t('empty.title'),
          description: filtered ? t('empty.filtered_body') : t('empty.body'),
          action: !filtered && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setDrawer({ mode: 'add' })}>
              {t('actions.add_first')}
            </Button>
          ),
        }}
        selection={{
          selected,
          onChange: setSelected,
          actions: (people) => <PeopleMassActions people={people} onDone={() => setSelected({})} />,
        }}
        rowActionsWidth={canSeePermits ? 128 : 96}
        rowProps={(person) => ({ 'data-name': person.full_name, 'data-status': person.status })}
        rowActions={(person) => (
          <GridRowActions>
            {canSeePermits && (
              <GridRowAction
                label={t('visit-permits:links.person', { name: person.full_name })}
                icon={<IconCalendarCheck size={16} />}
                onClick={() => navigateTo(hrefFor(paths.userVisitPermits, { id: person.id }))}
                testId="person-visit-permits"
              />
            )}
            <GridRowAction
              label={t('actions.edit', { name: person.full_name })}
              icon={<IconPencil size={16} />}
              onClick={() => setDrawer({ mode: 'edit', id: person.id, name: person.full_name })}
              testId="person-edit"
            />
            <GridRowAction
              label={t('actions.delete', { name: person.full_name })}
              icon={<IconTrash size={16} />}
              color="red"
              onClick={() => confirmDelete(person)}
              disabledReason={deleteRefusal(person)}
              testId="person-delete"
            />
          </GridRowActions>
        )}
      />

      <PersonDrawer state={drawer} onClose={() => setDrawer(null)} />
    </Stack>
  );
}
