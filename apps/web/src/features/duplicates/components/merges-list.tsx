import { Badge, Card, Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MERGE_KINDS, type PersonMerge } from '@app/shared/people/duplicates';
import { formatDateTime } from '@/lib/dates';
import { useMerges } from '../api/duplicates';

const LIMIT = 10;

/** One merge, explained: who was kept, who was removed as they were, what moved and what did not. */
function MergeCard({ merge }: { merge: PersonMerge }) {
  const { t } = useTranslation('duplicates');
  const moved = MERGE_KINDS.filter((kind) => (merge.moved[kind] ?? 0) > 0);
  const removedDetails = [merge.removed.email, merge.removed.phone, merge.removed.id_number, merge.removed.company_name]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card withBorder radius="md" padding="md" data-testid="merge-record" data-kept={merge.kept.full_name}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>
            <bdi>{merge.removed.full_name}</bdi>
          </Text>
          <IconArrowRight size={16} className="mirror-rtl" aria-hidden />
          <Text fw={600}>
            <bdi>{merge.kept.full_name}</bdi>
          </Text>
          {merge.score !== null && <Badge variant="light">{t('pair.score', { score: merge.score })}</Badge>}
        </Group>
        {removedDetails && (
          <Text size="sm" c="dimmed">
            {t('merges.removed_details')}: <bdi dir="auto">{removedDetails}</bdi>
          </Text>
        )}
        <Group gap={6}>
          {moved.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('merges.nothing_moved')}
            </Text>
          ) : (
            moved.map((kind) => (
              <Badge key={kind} variant="outline" color="gray">
                {t(`kinds.${kind}`, { count: merge.moved[kind] ?? 0 })}
              </Badge>
            ))
          )}
        </Group>
        {merge.dropped.length > 0 && (
          <Text size="sm" c="orange">
            {t('merges.dropped', { list: merge.dropped.map((d) => t(`dropped.${d}`)).join(', ') })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {merge.merged_by
            ? t('merges.by', { name: merge.merged_by, date: formatDateTime(merge.merged_at) })
            : formatDateTime(merge.merged_at)}
        </Text>
      </Stack>
    </Card>
  );
}

/** The merges done, newest first (`GET /people/merges`). */
export function MergesList() {
  const { t } = useTranslation('duplicates');
  const [page, setPage] = useState(1);
  const list = useMerges({ page, limit: LIMIT });
  if (!list.data)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  const pages = Math.max(1, Math.ceil(list.data.count / LIMIT));
  return (
    <Stack gap="md" data-testid="merges-list">
      {list.data.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('merges.empty')}
        </Text>
      ) : (
        list.data.data.map((merge) => <MergeCard key={merge.id} merge={merge} />)
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination value={page} onChange={setPage} total={pages} />
        </Group>
      )}
    </Stack>
  );
}
