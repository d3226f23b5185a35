import { EmptyState, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '@app/shared/constants';
import { PagedListCard } from '@/components/ui/paged-list-card';
import { usePlatformEntities, type PlatformEntity } from '../api/list-platform-entities';
import { ChangePackageModal } from './change-package-modal';
import { CompaniesTable } from './companies-table';

const LIMIT = PAGING.defaultLimit;

export function SystemCompaniesPage() {
  const { t } = useTranslation('system');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PlatformEntity | null>(null);
  const list = usePlatformEntities({ page, limit: LIMIT, search: debouncedSearch });

  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / LIMIT));
  const empty = list.data?.data.length === 0;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </Stack>
      <PagedListCard
        testId="companies"
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        searchLabel={t('search')}
        countLabel={list.data ? t('count', { count }) : null}
        loadFailed={list.isError && !list.data}
        loadFailedTitle={t('load_failed')}
        onRetry={() => void list.refetch()}
        empty={
          empty ? (
            <EmptyState
              icon={<IconBuildingOff size={28} />}
              title={debouncedSearch ? t('empty.search_title') : t('empty.title')}
              description={debouncedSearch ? t('empty.search_body', { search: debouncedSearch }) : t('empty.body')}
              py="xl"
              data-testid="companies-empty"
            />
          ) : null
        }
        page={page}
        pages={pages}
        onPage={setPage}
      >
        <CompaniesTable entities={list.data?.data} loadingRows={LIMIT} onChangePackage={setEditing} />
      </PagedListCard>
      <ChangePackageModal entity={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
