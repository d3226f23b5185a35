import { Alert, Button, Card, EmptyState, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '@app/shared/constants';
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
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <TextInput
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              placeholder={t('search')}
              aria-label={t('search')}
              leftSection={<IconSearch size={16} />}
              w={{ base: '100%', sm: 320 }}
              data-testid="companies-search"
            />
            {list.data && (
              <Text size="sm" c="dimmed" data-testid="companies-count">
                {t('count', { count })}
              </Text>
            )}
          </Group>
          {list.isError && !list.data ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('load_failed')}>
              <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void list.refetch()}>
                {t('retry')}
              </Button>
            </Alert>
          ) : empty ? (
            <EmptyState
              icon={<IconBuildingOff size={28} />}
              title={debouncedSearch ? t('empty.search_title') : t('empty.title')}
              description={debouncedSearch ? t('empty.search_body', { search: debouncedSearch }) : t('empty.body')}
              py="xl"
              data-testid="companies-empty"
            />
          ) : (
            <CompaniesTable entities={list.data?.data} loadingRows={LIMIT} onChangePackage={setEditing} />
          )}
          {pages > 1 && (
            <Group justify="center">
              <Pagination value={page} onChange={setPage} total={pages} data-testid="companies-pagination" />
            </Group>
          )}
        </Stack>
      </Card>
      <ChangePackageModal entity={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
