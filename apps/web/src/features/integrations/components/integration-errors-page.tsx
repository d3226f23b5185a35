import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TempUser } from '@app/shared/integrations/schemas';
import { useSearchText } from '@/lib/search-param';
import { useTempUsers } from '../api/list-temp-users';
import { useFlowEntryGuard } from '../hooks/use-flow-entry-guard';
import { useListFilters } from '../hooks/use-list-filters';
import { ErrorRecordsTable } from './error-records-table';
import { FixErrorModal } from './fix-error-modal';
import { TempUsersLayout } from './temp-users-layout';
import { FlowNextButton, TEMP_USERS_PAGE, TempUsersList } from './temp-users-list';

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
  const list = useTempUsers(integrationId, {
    state: 'error',
    page: filters.page,
    limit: TEMP_USERS_PAGE,
    search: filters.term,
  });
  const [fixing, setFixing] = useState<TempUser | null>(null);

  return (
    <TempUsersLayout
      integrationId={integrationId}
      page="error"
      fromView={fromView}
      title={t('errors_page.title')}
      description={t('errors_page.description')}
      actions={!fromView && <FlowNextButton integrationId={integrationId} page="error" />}
    >
      <TempUsersList
        testId="integration-errors"
        filters={filters}
        list={list}
        countLabel={(count) => t('errors_page.count', { count })}
        empty={{
          icon: <IconChecks size={28} />,
          title: t('errors_page.empty_title'),
          body: t('errors_page.empty_body'),
        }}
      >
        {(users, busy) => (
          <div style={{ opacity: busy ? 0.6 : 1 }} aria-busy={busy || undefined}>
            <ErrorRecordsTable users={users} onFix={setFixing} />
          </div>
        )}
      </TempUsersList>
      {fixing && <FixErrorModal integrationId={integrationId} user={fixing} onClose={() => setFixing(null)} />}
    </TempUsersLayout>
  );
}
