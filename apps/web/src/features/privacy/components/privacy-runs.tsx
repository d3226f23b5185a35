import { Badge, Card, Group, Pagination, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIVACY_TRIGGERS, type PrivacyRun, type PrivacyTrigger } from '@app/shared/people/privacy';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { usePrivacyRuns } from '../api/list-privacy-runs';
import { companyDateTime } from '../utils/retention';

const LIMIT = 10;

const STATUS_COLOR: Record<PrivacyRun['status'], string> = { running: 'blue', done: 'teal', failed: 'red' };

/** A moment on the company's clock, kept left to right in an Arabic page. */
function When({ at, timeZone }: { at: string; timeZone: string }) {
  return <span dir="ltr">{companyDateTime(at, timeZone)}</span>;
}

function useRunTexts(run: PrivacyRun) {
  const { t } = useTranslation('privacy');
  return {
    // The nightly run acts on every type; an erasure on one person, whatever their types.
    target: run.user_type?.name ?? (run.trigger === 'erasure' ? t('runs.one_person') : t('runs.every_type')),
    trigger: t(`runs.triggers.${run.trigger}`),
    scope: t(`scopes.${run.scope}`),
    by: run.requested_by ?? t('runs.system'),
    status: t(`runs.statuses.${run.status}`),
  };
}

function RunStatus({ run }: { run: PrivacyRun }) {
  const texts = useRunTexts(run);
  return (
    <Badge
      variant="light"
      color={STATUS_COLOR[run.status]}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="privacy-run-status"
    >
      {texts.status}
    </Badge>
  );
}

function RunRow({ run, timeZone }: { run: PrivacyRun; timeZone: string }) {
  const { t } = useTranslation('privacy');
  const texts = useRunTexts(run);
  return (
    <Table.Tr data-testid="privacy-run" data-trigger={run.trigger}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <When at={run.started_at} timeZone={timeZone} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {run.finished_at ? <When at={run.finished_at} timeZone={timeZone} /> : t('runs.none')}
      </Table.Td>
      <Table.Td data-testid="privacy-run-trigger">{texts.trigger}</Table.Td>
      <Table.Td data-testid="privacy-run-type">
        <bdi>{texts.target}</bdi>
      </Table.Td>
      <Table.Td data-testid="privacy-run-scope">{texts.scope}</Table.Td>
      <Table.Td ta="end" data-testid="privacy-run-people">
        {run.people_erased}
      </Table.Td>
      <Table.Td ta="end" data-testid="privacy-run-visits">
        {run.visits_anonymised}
      </Table.Td>
      <Table.Td>
        <bdi>{texts.by}</bdi>
      </Table.Td>
      <Table.Td>
        <RunStatus run={run} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A phone's version of a run: what, on what, how many, when and by whom, stacked. */
function RunCard({ run, timeZone }: { run: PrivacyRun; timeZone: string }) {
  const { t } = useTranslation('privacy');
  const texts = useRunTexts(run);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="privacy-run" data-trigger={run.trigger}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600}>
            <span data-testid="privacy-run-trigger">{texts.trigger}</span> ·{' '}
            <span data-testid="privacy-run-scope">{texts.scope}</span>
          </Text>
          <RunStatus run={run} />
        </Group>
        <Text size="sm" data-testid="privacy-run-type">
          <bdi>{texts.target}</bdi>
        </Text>
        <Text size="sm">
          <span data-testid="privacy-run-people">{t('toasts.people_erased', { count: run.people_erased })}</span>,{' '}
          <span data-testid="privacy-run-visits">
            {t('toasts.visits_anonymised', { count: run.visits_anonymised })}
          </span>
        </Text>
        <Text size="xs" c="dimmed">
          <When at={run.started_at} timeZone={timeZone} /> · <bdi>{texts.by}</bdi>
        </Text>
      </Stack>
    </Paper>
  );
}

/** The runs of the retention (spec `cron_jobs`), newest first, on the company's clock; filtered by what started them. */
export function PrivacyRuns({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('privacy');
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [trigger, setTrigger] = useState<PrivacyTrigger | undefined>(undefined);
  const [page, setPage] = useState(1);
  const runs = usePrivacyRuns({ page, limit: LIMIT, trigger });
  const data = runs.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / LIMIT)) : 1;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="privacy-runs">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
            <Title order={3} size="h4">
              {t('runs.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('runs.description')}
            </Text>
          </Stack>
          <Group gap="sm" wrap="wrap">
            {data && (
              <Text size="sm" c="dimmed" data-testid="privacy-runs-count">
                {data.count_capped
                  ? t('runs.count_capped', { total: data.count })
                  : t('runs.count', { count: data.count })}
              </Text>
            )}
            <Select
              aria-label={t('runs.filter')}
              placeholder={t('runs.all')}
              data={PRIVACY_TRIGGERS.map((value) => ({ value, label: t(`runs.triggers.${value}`) }))}
              value={trigger ?? null}
              onChange={(value) => {
                setTrigger(PRIVACY_TRIGGERS.find((v) => v === value));
                setPage(1);
              }}
              clearable
              w={200}
              data-testid="privacy-runs-trigger"
            />
          </Group>
        </Group>
        {runs.isError ? (
          <LoadFailedAlert title={t('runs.load_failed')} onRetry={() => void runs.refetch()} />
        ) : !data ? (
          <Skeleton h={120} radius="md" />
        ) : data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="md" data-testid="privacy-runs-empty">
            {trigger ? t('runs.empty_filtered') : t('runs.empty')}
          </Text>
        ) : wide ? (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs" highlightOnHover data-testid="privacy-runs-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('runs.columns.started')}</Table.Th>
                  <Table.Th>{t('runs.columns.finished')}</Table.Th>
                  <Table.Th>{t('runs.columns.trigger')}</Table.Th>
                  <Table.Th>{t('runs.columns.user_type')}</Table.Th>
                  <Table.Th>{t('runs.columns.scope')}</Table.Th>
                  <Table.Th ta="end">{t('runs.columns.people')}</Table.Th>
                  <Table.Th ta="end">{t('runs.columns.visits')}</Table.Th>
                  <Table.Th>{t('runs.columns.by')}</Table.Th>
                  <Table.Th>{t('runs.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((run) => (
                  <RunRow key={run.id} run={run} timeZone={timeZone} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Stack gap="sm">
            {data.data.map((run) => (
              <RunCard key={run.id} run={run} timeZone={timeZone} />
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination value={page} onChange={setPage} total={pages} data-testid="privacy-runs-pagination" />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
