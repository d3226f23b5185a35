import { Button, Center, EmptyState, Loader, Stack } from '@mantine/core';
import { IconArrowRight, IconCopyCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PagedListCard } from '@/components/ui/paged-list-card';
import { useSearchText } from '@/lib/search-param';
import { useTempUsers } from '../api/list-temp-users';
import { useFlowEntryGuard } from '../hooks/use-flow-entry-guard';
import { useFlowNext } from '../hooks/use-flow-next';
import { useListFilters, usePageCount } from '../hooks/use-list-filters';
import { DuplicateRecordCard } from './duplicate-record-card';
import { TempUsersLayout } from './temp-users-layout';

const LIMIT = 10;

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
    limit: LIMIT,
    search: filters.term,
  });
  const data = list.data;
  const pages = usePageCount(data?.count, LIMIT, filters.page, filters.setPage);
  const { next, pending } = useFlowNext(integrationId, 'duplicate');
  const searched = (filters.term ?? '') !== '';

  return (
    <TempUsersLayout
      integrationId={integrationId}
      page="duplicate"
      fromView={fromView}
      title={t('duplicates_page.title')}
      description={t('duplicates_page.description')}
      actions={
        !fromView && (
          <Button
            rightSection={<IconArrowRight size={16} className="mirror-rtl" />}
            onClick={next}
            loading={pending}
            data-testid="integration-duplicates-next"
          >
            {t('temp_users.next')}
          </Button>
        )
      }
    >
      <PagedListCard
        testId="integration-duplicates"
        search={filters.search}
        onSearch={filters.setSearch}
        searchLabel={t('temp_users.search')}
        countLabel={data ? t('duplicates_page.count', { count: data.count }) : null}
        loadFailed={list.isError}
        loadFailedTitle={t('temp_users.load_failed')}
        onRetry={() => void list.refetch()}
        empty={
          data && data.data.length === 0 ? (
            <EmptyState
              icon={<IconCopyCheck size={28} />}
              title={searched ? t('temp_users.empty_search') : t('duplicates_page.empty_title')}
              description={searched ? undefined : t('duplicates_page.empty_body')}
              py="xl"
              data-testid="integration-duplicates-empty"
            />
          ) : null
        }
        page={filters.page}
        pages={pages}
        onPage={filters.setPage}
      >
        {data ? (
          <Stack
            gap="md"
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            aria-busy={list.isPlaceholderData || undefined}
          >
            {data.data.map((user) => (
              <DuplicateRecordCard key={user.id} integrationId={integrationId} user={user} />
            ))}
          </Stack>
        ) : (
          <Center py="xl">
            <Loader role="status" aria-label={t('temp_users.loading')} />
          </Center>
        )}
      </PagedListCard>
    </TempUsersLayout>
  );
}
