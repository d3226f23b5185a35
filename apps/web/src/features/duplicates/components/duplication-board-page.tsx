import { Button, Center, Group, Loader, Select, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCopyCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { DUPLICATE_REASONS, type DuplicatePair, type DuplicateScan } from '@app/shared/people/duplicates';
import { PagedListCard } from '@/components/ui/paged-list-card';
import { formatDateTime } from '@/lib/dates';
import { notifySuccess } from '@/lib/notify';
import { useUrlFilters } from '@/lib/url-filters';
import { useDismissPair, useDuplicates, useScanDuplicates } from '../api/duplicates';
import { MergeModal } from './merge-modal';
import { MergesList } from './merges-list';
import { PairCard } from './pair-card';

const LIMIT = 10;

/** The board's view in its address: a link, a reload or a change of language opens the same one. */
const boardFiltersSchema = z.object({
  tab: z.enum(['pairs', 'merges']).default('pairs'),
  reason: z.enum(DUPLICATE_REASONS).optional(),
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

/** The latest scan, in words: when, over how many people, with how many pairs; or that one is running. */
function ScanStatus({ scan }: { scan: DuplicateScan | null }) {
  const { t } = useTranslation('duplicates');
  if (!scan) return <Text c="dimmed">{t('scan.never')}</Text>;
  if (scan.status === 'queued' || scan.status === 'running')
    return (
      <Group gap="xs" data-testid="duplicates-scanning">
        <Loader size="xs" />
        <Text c="dimmed">{t('scan.running')}</Text>
      </Group>
    );
  if (scan.status === 'failed') return <Text c="red">{t('scan.failed')}</Text>;
  return (
    <Text c="dimmed" data-testid="duplicates-scan-status">
      {t('scan.done', {
        date: scan.finished_at ? formatDateTime(scan.finished_at) : '',
        people: scan.people ?? 0,
        count: scan.pairs ?? 0,
      })}
    </Text>
  );
}

/**
 * The duplication control board (spec §2 /duplication-control-board, Settings): the people who are
 * probably the same, likeliest first, to merge or to mark as different; and the merges done.
 */
export function DuplicationBoardPage() {
  const { t } = useTranslation('duplicates');
  const [filters, setFilters] = useUrlFilters(boardFiltersSchema);
  const { tab, reason, page } = filters;
  // The box shows what is typed at once; the address and the query follow it a moment later.
  const [search, setSearch] = useState(filters.search ?? '');
  const [term] = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (term !== (filters.search ?? '')) setFilters({ search: term || undefined, page: 1 });
  }, [term, filters.search, setFilters]);
  const list = useDuplicates({ page, limit: LIMIT, reason, search: filters.search });
  const scan = useScanDuplicates();
  const dismiss = useDismissPair();
  const [merging, setMerging] = useState<DuplicatePair | null>(null);
  const data = list.data;
  const running = data?.scan?.status === 'queued' || data?.scan?.status === 'running';
  const pages = data ? Math.max(1, Math.ceil(data.count / LIMIT)) : 1;

  const onDismiss = (pair: DuplicatePair) =>
    dismiss.mutate(pair.id, {
      onSuccess: () => notifySuccess(t('toasts.dismissed', { a: pair.a.full_name, b: pair.b.full_name })),
    });

  const filtered = reason !== undefined || (filters.search ?? '') !== '';
  const empty =
    data && data.data.length === 0 ? (
      <Center py="xl">
        <Stack align="center" gap="xs" maw={460} ta="center" data-testid="duplicates-empty">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconCopyCheck size={26} />
          </ThemeIcon>
          <Text fw={600}>{filtered ? t('empty.filtered_title') : t('empty.title')}</Text>
          <Text c="dimmed" size="sm">
            {filtered ? t('empty.filtered_body') : data.scan ? t('empty.body') : t('empty.never_body')}
          </Text>
        </Stack>
      </Center>
    ) : null;

  return (
    <Stack gap="lg" data-testid="duplication-board-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
          <ScanStatus scan={data?.scan ?? null} />
        </Stack>
        <Button
          leftSection={<IconRefresh size={16} />}
          onClick={() => scan.mutate()}
          loading={scan.isPending || running}
          data-testid="duplicates-scan"
        >
          {t('scan.start')}
        </Button>
      </Group>

      <Tabs
        value={tab}
        onChange={(value) => setFilters({ tab: value === 'merges' ? 'merges' : 'pairs' })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="pairs" data-testid="duplicates-tab-pairs">
            {t('tabs.pairs')}
          </Tabs.Tab>
          <Tabs.Tab value="merges" data-testid="duplicates-tab-merges">
            {t('tabs.merges')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pairs" pt="md">
          <PagedListCard
            testId="duplicates"
            search={search}
            onSearch={setSearch}
            searchLabel={t('search')}
            countLabel={data ? t('count', { count: data.count }) : null}
            loadFailed={list.isError}
            loadFailedTitle={t('load_failed')}
            onRetry={() => void list.refetch()}
            empty={empty}
            page={page}
            pages={pages}
            onPage={(next) => setFilters({ page: next })}
            toolbar={
              <Select
                aria-label={t('filters.reason')}
                placeholder={t('filters.any_reason')}
                data={DUPLICATE_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
                value={reason ?? null}
                onChange={(value) => setFilters({ reason: DUPLICATE_REASONS.find((r) => r === value), page: 1 })}
                clearable
                w={200}
                data-testid="duplicates-reason"
              />
            }
          >
            {data ? (
              <Stack gap="md">
                {data.data.map((pair) => (
                  <PairCard
                    key={pair.id}
                    pair={pair}
                    onMerge={setMerging}
                    onDismiss={onDismiss}
                    dismissing={dismiss.isPending && dismiss.variables === pair.id}
                  />
                ))}
              </Stack>
            ) : (
              <Center py="xl">
                <Loader />
              </Center>
            )}
          </PagedListCard>
        </Tabs.Panel>
        <Tabs.Panel value="merges" pt="md">
          <MergesList />
        </Tabs.Panel>
      </Tabs>

      {merging && <MergeModal pair={merging} onClose={() => setMerging(null)} />}
    </Stack>
  );
}
