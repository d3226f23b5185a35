import { Button, Center, EmptyState, Loader } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedListCard } from '@/components/ui/paged-list-card';
import { useFlowNext } from '../hooks/use-flow-next';
import { usePageCount, type ListFilters } from '../hooks/use-list-filters';

/** Records shown a page at a time on the errors, duplicates and valid-users pages. */
export const TEMP_USERS_PAGE = 10;

type TempUsersListProps<Row> = {
  /** Prefix of the list's data-testids; its empty state is `<testId>-empty`. */
  testId: string;
  filters: ListFilters;
  list: Pick<UseQueryResult<{ data: Row[]; count: number }>, 'data' | 'isError' | 'isPlaceholderData' | 'refetch'>;
  countLabel: (count: number) => string;
  empty: { icon: ReactNode; title: string; body: string };
  /** The page's records; `busy` while the next page replaces them. */
  children: (rows: Row[], busy: boolean) => ReactNode;
};

/**
 * The searched, paged list of records a review page shows: its count, the empty state (no records, or
 * none matching the search), a failed read with a retry, and a loader until the first answer.
 */
export function TempUsersList<Row>({ testId, filters, list, countLabel, empty, children }: TempUsersListProps<Row>) {
  const { t } = useTranslation('integrations');
  const data = list.data;
  const pages = usePageCount(data?.count, TEMP_USERS_PAGE, filters.page, filters.setPage);
  const searched = (filters.term ?? '') !== '';
  return (
    <PagedListCard
      testId={testId}
      search={filters.search}
      onSearch={filters.setSearch}
      searchLabel={t('temp_users.search')}
      countLabel={data ? countLabel(data.count) : null}
      loadFailed={list.isError}
      loadFailedTitle={t('temp_users.load_failed')}
      onRetry={() => void list.refetch()}
      empty={
        data && data.data.length === 0 ? (
          <EmptyState
            icon={empty.icon}
            title={searched ? t('temp_users.empty_search') : empty.title}
            description={searched ? undefined : empty.body}
            py="xl"
            data-testid={`${testId}-empty`}
          />
        ) : null
      }
      page={filters.page}
      pages={pages}
      onPage={filters.setPage}
    >
      {data ? (
        children(data.data, list.isPlaceholderData)
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={t('temp_users.loading')} />
        </Center>
      )}
    </PagedListCard>
  );
}

/** "Next" of the errors and duplicates pages: on to the duplicates or the valid records (spec §2). */
export function FlowNextButton({ integrationId, page }: { integrationId: string; page: 'error' | 'duplicate' }) {
  const { t } = useTranslation('integrations');
  const { next, pending } = useFlowNext(integrationId, page);
  return (
    <Button
      rightSection={<IconArrowRight size={16} className="mirror-rtl" />}
      onClick={next}
      loading={pending}
      data-testid={page === 'error' ? 'integration-errors-next' : 'integration-duplicates-next'}
    >
      {t('temp_users.next')}
    </Button>
  );
}
