import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconDatabaseImport, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { navigateTo } from '@/lib/navigation';
import { notifyError } from '@/lib/notify';
import { useSearchText } from '@/lib/search-param';
import { useTempUsers } from '../api/list-temp-users';
import { useSyncedUsers } from '../api/list-synced-users';
import { useStartMigration } from '../api/start-migration';
import { useFlowEntryGuard } from '../hooks/use-flow-entry-guard';
import { useListFilters } from '../hooks/use-list-filters';
import { phoneText } from '../utils/fix-error';
import { syncStatusHref } from '../utils/flow-pages';
import { refusalMessage } from '../utils/refusal';
import { RecordValue } from './record-value';
import { TempUsersLayout } from './temp-users-layout';
import { TEMP_USERS_PAGE, TempUsersList } from './temp-users-list';

/**
 * Spec §2 /integration-valid?id=[&from=view]: "loads synced users when coming from the view, otherwise
 * temporary valid users". In the flow, "Migrate" makes the valid records people (a run followed on
 * the sync status page); from the view, the people kept in step, those the sync archived marked.
 */
export function IntegrationValidPage() {
  const id = useFlowEntryGuard();
  const fromView = useSearchText('from') === 'view';
  if (!id) return null;
  return fromView ? <SyncedPeople integrationId={id} /> : <ValidRecords integrationId={id} />;
}

function ValidRecords({ integrationId }: { integrationId: string }) {
  const { t } = useTranslation('integrations');
  const filters = useListFilters();
  const list = useTempUsers(integrationId, {
    state: 'valid',
    page: filters.page,
    limit: TEMP_USERS_PAGE,
    search: filters.term,
  });
  const migrate = useStartMigration();
  const searched = (filters.term ?? '') !== '';

  const start = () =>
    migrate.mutate(integrationId, {
      onSuccess: ({ run_id }) => navigateTo(syncStatusHref(integrationId, run_id, true)),
      onError: (error) => {
        const message = refusalMessage(error);
        if (message) notifyError(message);
      },
    });

  return (
    <TempUsersLayout
      integrationId={integrationId}
      page="valid"
      fromView={false}
      title={t('valid_page.title')}
      description={t('valid_page.description')}
      actions={
        <Button
          leftSection={<IconDatabaseImport size={16} />}
          onClick={start}
          loading={migrate.isPending}
          // Nothing to migrate: the server would refuse it (fix the errors and duplicates first).
          disabled={!searched && list.data?.count === 0}
          data-testid="integration-migrate"
        >
          {t('valid_page.migrate')}
        </Button>
      }
    >
      <TempUsersList
        testId="integration-valid"
        filters={filters}
        list={list}
        countLabel={(count) => t('valid_page.count', { count })}
        empty={{ icon: <IconUsers size={28} />, title: t('valid_page.empty_title'), body: t('valid_page.empty_body') }}
      >
        {(users, busy) => (
          <Table.ScrollContainer minWidth={860}>
            <Table
              verticalSpacing="xs"
              highlightOnHover
              data-testid="valid-records-table"
              style={{ opacity: busy ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('valid_page.columns.name')}</Table.Th>
                  <Table.Th>{t('temp_users.columns.email')}</Table.Th>
                  <Table.Th>{t('temp_users.columns.phone')}</Table.Th>
                  <Table.Th>{t('temp_users.columns.id_number')}</Table.Th>
                  <Table.Th>{t('temp_users.columns.user_type_id')}</Table.Th>
                  <Table.Th>{t('temp_users.columns.groups')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((user) => (
                  <Table.Tr key={user.id} data-testid="valid-record">
                    <Table.Td>
                      <RecordValue
                        value={[user.first_name, user.last_name].filter(Boolean).join(' ')}
                        empty={t('temp_users.empty_value')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <RecordValue value={user.email} ltr empty={t('temp_users.empty_value')} />
                    </Table.Td>
                    <Table.Td>
                      <RecordValue
                        value={phoneText(user.phone_code, user.phone)}
                        ltr
                        empty={t('temp_users.empty_value')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <RecordValue value={user.id_number} ltr empty={t('temp_users.empty_value')} />
                    </Table.Td>
                    <Table.Td>
                      <RecordValue value={user.user_type_name} empty={t('temp_users.empty_value')} />
                    </Table.Td>
                    <Table.Td>
                      <RecordValue value={user.groups.join(', ')} empty={t('temp_users.empty_value')} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </TempUsersList>
    </TempUsersLayout>
  );
}

function SyncedPeople({ integrationId }: { integrationId: string }) {
  const { t } = useTranslation('integrations');
  const filters = useListFilters();
  const list = useSyncedUsers(integrationId, { page: filters.page, limit: TEMP_USERS_PAGE, search: filters.term });

  return (
    <TempUsersLayout
      integrationId={integrationId}
      page="valid"
      fromView
      title={t('synced_page.title')}
      description={t('synced_page.description')}
    >
      <TempUsersList
        testId="integration-synced"
        filters={filters}
        list={list}
        countLabel={(count) => t('synced_page.count', { count })}
        empty={{
          icon: <IconUsers size={28} />,
          title: t('synced_page.empty_title'),
          body: t('synced_page.empty_body'),
        }}
      >
        {(rows, busy) => (
          <Table.ScrollContainer minWidth={760}>
            <Table
              verticalSpacing="xs"
              highlightOnHover
              data-testid="synced-people-table"
              style={{ opacity: busy ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('valid_page.columns.name')}</Table.Th>
                  <Table.Th>{t('temp_users.columns.email')}</Table.Th>
                  <Table.Th>{t('synced_page.columns.directory_id')}</Table.Th>
                  <Table.Th>{t('synced_page.columns.status')}</Table.Th>
                  <Table.Th>{t('synced_page.columns.updated_at')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((person) => (
                  <Table.Tr
                    key={person.id}
                    data-testid="synced-person"
                    data-archived={person.archived_by_sync || undefined}
                  >
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        <bdi>{`${person.first_name} ${person.last_name}`}</bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RecordValue value={person.email} ltr empty={t('temp_users.empty_value')} />
                    </Table.Td>
                    <Table.Td>
                      <RecordValue value={person.external_id} ltr empty={t('temp_users.empty_value')} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm">{t(`person_statuses.${person.status}`, { defaultValue: person.status })}</Text>
                        {person.archived_by_sync && (
                          <Badge color="gray" variant="light" tt="none" data-testid="synced-archived">
                            {t('synced_page.archived_by_sync')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" dir="ltr" style={{ textAlign: 'start' }}>
                        {formatDateTime(person.updated_at)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </TempUsersList>
    </TempUsersLayout>
  );
}
