import {
  Badge,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  List,
  Loader,
  Pagination,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconHistory } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntegrationRun } from '@app/shared/integrations/schemas';
import { stageOf } from '@app/shared/integrations/status';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { formatDateTime } from '@/lib/dates';
import { useRuns } from '../api/list-runs';

const LIMIT = 10;
const STAGE_COLOURS = { processing: 'blue', done: 'teal', failed: 'red', 'auth-failed': 'red' } as const;
const COUNTS = ['created', 'updated', 'archived', 'failed', 'errors', 'duplicates'] as const;

function RunRow({ run, open, onToggle }: { run: IntegrationRun; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('integrations');
  const detailsId = `run-problems-${run.id}`;
  const hasDetails = run.problems.length > 0 || !!run.message;
  return (
    <Fragment>
      <Table.Tr data-testid="sync-log" data-code={run.sync_status.id}>
        <Table.Td>
          <Text size="sm" dir="ltr" style={{ textAlign: 'start', whiteSpace: 'nowrap' }}>
            {formatDateTime(run.started_at)}
          </Text>
        </Table.Td>
        <Table.Td>{t(`sync_logs.kinds.${run.kind}`)}</Table.Td>
        <Table.Td>
          <Badge
            variant="light"
            color={STAGE_COLOURS[stageOf(run.sync_status.id)]}
            tt="none"
            data-testid="sync-log-status"
          >
            {run.sync_status.text}
          </Badge>
        </Table.Td>
        {COUNTS.map((count) => (
          <Table.Td key={count} ta="end" data-count={count}>
            <Text size="sm" c={run[count] > 0 && (count === 'failed' || count === 'errors') ? 'red.8' : undefined}>
              {run[count].toLocaleString()}
            </Text>
          </Table.Td>
        ))}
        <Table.Td ta="end">
          {hasDetails && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={onToggle}
              aria-expanded={open}
              aria-controls={detailsId}
              rightSection={
                <IconChevronDown size={14} style={{ transform: open ? 'rotate(180deg)' : undefined }} aria-hidden />
              }
              data-testid="sync-log-toggle"
            >
              {run.problems.length > 0
                ? t('sync_logs.problems', { count: run.problems.length })
                : t('sync_logs.details')}
            </Button>
          )}
        </Table.Td>
      </Table.Tr>
      {hasDetails && open && (
        <Table.Tr id={detailsId} data-testid="sync-log-problems">
          <Table.Td colSpan={4 + COUNTS.length}>
            {run.message && (
              <Text size="sm" mb={run.problems.length ? 'xs' : 0}>
                {run.message}
              </Text>
            )}
            {run.problems.length > 0 && (
              <List size="sm" spacing={4}>
                {run.problems.map((problem, index) => (
                  <List.Item key={`${problem.external_id ?? ''}-${index}`}>
                    {(problem.name || problem.external_id) && (
                      <Text span fw={600} size="sm">
                        <bdi>{problem.name || problem.external_id}</bdi>
                        {': '}
                      </Text>
                    )}
                    {problem.message}
                  </List.Item>
                ))}
              </List>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

/** The sync logs (spec §3 "Integrations: sync logs"): every run, latest first, what it did and what went wrong. */
export function SyncLogsTable({ integrationId }: { integrationId: string }) {
  const { t } = useTranslation('integrations');
  const [page, setPage] = useState(1);
  const runs = useRuns(integrationId, { page, limit: LIMIT });
  const [open, setOpen] = useState<string | null>(null);
  const data = runs.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / LIMIT)) : 1;

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="sync-logs-title"
      data-testid="sync-logs"
    >
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4" id="sync-logs-title">
          {t('sync_logs.title')}
        </Title>
        {data && (
          <Text size="sm" c="dimmed">
            {t('sync_logs.count', { count: data.count })}
          </Text>
        )}
      </Group>
      {runs.isError && <LoadFailedAlert title={t('sync_logs.load_failed')} onRetry={() => void runs.refetch()} />}
      {!data && !runs.isError && (
        <Center py="lg">
          <Loader role="status" aria-label={t('sync_logs.loading')} />
        </Center>
      )}
      {data && data.data.length === 0 && (
        <EmptyState
          icon={<IconHistory size={28} />}
          title={t('sync_logs.empty')}
          py="lg"
          data-testid="sync-logs-empty"
        />
      )}
      {data && data.data.length > 0 && (
        <Table.ScrollContainer minWidth={920}>
          <Table verticalSpacing="xs" highlightOnHover style={{ opacity: runs.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sync_logs.columns.when')}</Table.Th>
                <Table.Th>{t('sync_logs.columns.kind')}</Table.Th>
                <Table.Th>{t('sync_logs.columns.status')}</Table.Th>
                {COUNTS.map((count) => (
                  <Table.Th key={count} ta="end">
                    {t(`sync_logs.columns.${count}`)}
                  </Table.Th>
                ))}
                <Table.Th ta="end">
                  <Text span size="sm" fw={700}>
                    {t('sync_logs.columns.problems')}
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((run) => (
                <RunRow
                  key={run.id}
                  run={run}
                  open={open === run.id}
                  onToggle={() => setOpen((current) => (current === run.id ? null : run.id))}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination value={page} onChange={setPage} total={pages} data-testid="sync-logs-pagination" />
        </Group>
      )}
    </Card>
  );
}
