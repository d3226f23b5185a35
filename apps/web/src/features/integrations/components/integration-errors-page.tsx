import { Button, Center, EmptyState, Loader } from '@mantine/core';
import { IconArrowRight, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TempUser } from '@app/shared/integrations/schemas';
import { PagedListCard } from '@/components/ui/paged-list-card';
import { useSearchText } from '@/lib/search-param';
import { useTempUsers } from '../api/list-temp-users';
import { useFlowEntryGuard } from '../hooks/use-flow-entry-guard';
import { useFlowNext } from '../hooks/use-flow-next';
import { useListFilters, usePageCount } from '../hooks/use-list-filters';
import { ErrorRecordsTable } from './error-records-table';
import { FixErrorModal } from './fix-error-modal';
import { TempUsersLayout } from './temp-users-layout';

const LIMIT = 10;

/**
 * Spec §2 /integration-error?id=: the records of the last read that cannot become people as they are,
 * each problem marked on its value; "Fix" corrects one (spec §3 fix-error), "Next" goes on to the
 * duplicates, or the valid records when there are none.
 */
export function IntegrationErrorsPage() {
  const id = useFlowEntryGuard();
  return id ? <ErrorsContent integrationId={id} /> : null;
}

function ErrorsContent({ integrationId }: { integrationId: string }) {
  const { t } = useTranslation('integrations');
  const fromView = useSearchText('from') === 'view';
  const filters = useListFilters();
  const list = useTempUsers(integrationId, { state: 'error', page: filters.page, limit: LIMIT, search: filters.term });
  const data = list.data;
  const pages = usePageCount(data?.count, LIMIT, filters.page, filters.setPage);
  const [fixing, setFixing] = useState<TempUser | null>(null);
  const { next, pending } = useFlowNext(integrationId, 'error');
  const searched = (filters.term ?? '') !== '';

  return (
    <TempUsersLayout
      integrationId={integrationId}
      page="error"
      fromView={fromView}
      title={t('errors_page.title')}
      description={t('errors_page.description')}
      actions={
        !fromView && (
          <Button
            rightSection={<IconArrowRight size={16} className="mirror-rtl" />}
            onClick={next}
            loading={pending}
            data-testid="integration-errors-next"
          >
            {t('temp_users.next')}
          </Button>
        )
      }
    >
      <PagedListCard
        testId="integration-errors"
        search={filters.search}
        onSearch={filters.setSearch}
        searchLabel={t('temp_users.search')}
        countLabel={data ? t('errors_page.count', { count: data.count }) : null}
        loadFailed={list.isError}
        loadFailedTitle={t('temp_users.load_failed')}
        onRetry={() => void list.refetch()}
        empty={
          data && data.data.length === 0 ? (
            <EmptyState
              icon={<IconChecks size={28} />}
              title={searched ? t('temp_users.empty_search') : t('errors_page.empty_title')}
              description={searched ? undefined : t('errors_page.empty_body')}
              py="xl"
              data-testid="integration-errors-empty"
            />
          ) : null
        }
        page={filters.page}
        pages={pages}
        onPage={filters.setPage}
      >
        {data ? (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isPlaceholderData || undefined}>
            <ErrorRecordsTable users={data.data} onFix={setFixing} />
          </div>
        ) : (
          <Center py="xl">
            <Loader role="status" aria-label={t('temp_users.loading')} />
          </Center>
        )}
      </PagedListCard>
      {fixing && <FixErrorModal integrationId={integrationId} user={fixing} onClose={() => setFixing(null)} />}
    </TempUsersLayout>
  );
}
