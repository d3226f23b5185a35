import { Stack } from '@mantine/core';
import { IconCopyCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchText } from '@/lib/search-param';
import { useTempUsers } from '../api/list-temp-users';
import { useFlowEntryGuard } from '../hooks/use-flow-entry-guard';
import { useListFilters } from '../hooks/use-list-filters';
import { DuplicateRecordCard } from './duplicate-record-card';
import { TempUsersLayout } from './temp-users-layout';
import { FlowNextButton, TEMP_USERS_PAGE, TempUsersList } from './temp-users-list';

/**
 * Spec §2 /integration-duplicate?id=: the records that may be people the company already has, each
 * with those people to choose from or a new person; "Next" goes on to the valid records.
 */
export function IntegrationDuplicatesPage() {
  const id = useFlowEntryGuard();
  return id ? <DuplicatesContent integrationId={id} /> : null;
}

function DuplicatesContent({ integrationId }: { integrationId: string }) {
  const { t } = useTranslation('integrations');
  const fromView = useSearchText('from') === 'view';
  const filters = useListFilters();
  const list = useTempUsers(integrationId, {
    state: 'duplicate',
    page: filters.page,
    limit: TEMP_USERS_PAGE,
    search: filters.term,
  });

  return (
    <TempUsersLayout
      integrationId={integrationId}
      page="duplicate"
      fromView={fromView}
      title={t('duplicates_page.title')}
      description={t('duplicates_page.description')}
      actions={!fromView && <FlowNextButton integrationId={integrationId} page="duplicate" />}
    >
      <TempUsersList
        testId="integration-duplicates"
        filters={filters}
        list={list}
        countLabel={(count) => t('duplicates_page.count', { count })}
        empty={{
          icon: <IconCopyCheck size={28} />,
          title: t('duplicates_page.empty_title'),
          body: t('duplicates_page.empty_body'),
        }}
      >
        {(users, busy) => (
          <Stack gap="md" style={{ opacity: busy ? 0.6 : 1 }} aria-busy={busy || undefined}>
            {users.map((user) => (
              <DuplicateRecordCard key={user.id} integrationId={integrationId} user={user} />
            ))}
          </Stack>
        )}
      </TempUsersList>
    </TempUsersLayout>
  );
}
