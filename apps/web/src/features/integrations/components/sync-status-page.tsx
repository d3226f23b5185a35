import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Loader,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconKey, IconRefresh, IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Integration, IntegrationRun } from '@app/shared/integrations/schemas';
import { INTEGRATION_TIMINGS } from '@app/shared/integrations/status';
import { BackLink } from '@/components/ui/back-link';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { notifyError, notifySuccess } from '@/lib/notify';
import { isRecordId, useNotFoundIfMissing } from '@/lib/record-id';
import { useSearchText } from '@/lib/search-param';
import { useIntegration } from '../api/get-integration';
import { getRedirectType } from '../api/get-redirect-type';
import { useRun } from '../api/get-run';
import { integrationListKey, integrationScopeKey } from '../api/integration-query-keys';
import { useStartMigration } from '../api/start-migration';
import { useStartRun } from '../api/start-run';
import { useFlowEntryGuard } from '../hooks/use-flow-entry-guard';
import { useDelayElapsed, useLater } from '../hooks/use-later';
import { pageAfterRedirect, settingsHref, syncStatusHref, viewHref } from '../utils/flow-pages';
import { firstPollDelay, isMigrationRun, retrySyncKind, runViewOf, type RunView } from '../utils/run-view';
import { DirectoryLabel } from './directory-logo';
import { IntegrationFlowSteps } from './integration-flow-steps';
import { RunCounts } from './run-counts';

const PROBLEMS_SHOWN = 20;

/** The run the address names: its id, none (follow the latest), or one that cannot be an id. */
function useRunParam(): { kind: 'run'; id: string } | { kind: 'none' } | { kind: 'invalid' } {
  const text = useSearchText('run')?.trim() ?? '';
  if (text === '') return { kind: 'none' };
  return isRecordId(text) ? { kind: 'run', id: text.toLowerCase() } : { kind: 'invalid' };
}

/**
 * `/sync-status?id=&run=&migration=0|1` (spec §4 "Sync job codes"): follows a run, asking again at the
 * spec's pace while it processes (the first read of a first sync waits 3 s). Done: a sync goes where
 * the redirect type says, a migration to the integration's view. Failed: Retry restarts the sync or
 * the migration. Refused credentials: Back to the view, which opens its re-authenticate dialog.
 */
export function SyncStatusPage() {
  const { t } = useTranslation('integrations');
  const client = useQueryClient();
  const id = useFlowEntryGuard();
  const runParam = useRunParam();
  const migrationParam = useSearchText('migration') === '1';
  const integration = useIntegration(id);
  useNotFoundIfMissing(integration.error);
  const current = integration.data;

  // No run named: the integration's latest; none at all: its settings, where a sync starts.
  const runId =
    runParam.kind === 'run' ? runParam.id : runParam.kind === 'none' ? (current?.last_run?.id ?? null) : null;
  const away =
    runParam.kind === 'invalid'
      ? paths.notFound
      : current && runParam.kind === 'none' && !current.last_run
        ? settingsHref(current.id)
        : null;
  useEffect(() => {
    if (away) navigateTo(away, { replace: true });
  }, [away]);

  const delay = firstPollDelay(
    { migration: migrationParam, migrated: current?.migrated ?? false },
    INTEGRATION_TIMINGS.firstSyncStartMs,
  );
  const started = useDelayElapsed(delay, !!current && runId !== null);
  const run = useRun(id, runId, started);
  useNotFoundIfMissing(run.error);
  const migration = isMigrationRun(run.data, migrationParam);
  const view = run.data ? runViewOf(run.data) : null;
  const stage = view?.stage;

  // A run that ended is handled once: the integration is read again, and a finished one moves on.
  const handled = useRef<string | null>(null);
  const [redirectFailed, setRedirectFailed] = useState(false);
  useEffect(() => {
    const ended = run.data;
    if (!ended || !current || !stage || stage === 'processing' || handled.current === ended.id) return;
    handled.current = ended.id;
    void client.invalidateQueries({ queryKey: integrationScopeKey(current.id) });
    void client.invalidateQueries({ queryKey: integrationListKey });
    if (stage !== 'done') return;
    if (isMigrationRun(ended, migrationParam)) {
      // People were written: every list of people reads again.
      void client.invalidateQueries({ queryKey: ['people'] });
      navigateTo(viewHref(current), { replace: true });
      return;
    }
    getRedirectType(current.id).then(
      (redirect) => navigateTo(pageAfterRedirect(redirect.type, current), { replace: true }),
      () => setRedirectFailed(true),
    );
  }, [run.data, current, stage, client, migrationParam]);

  if (!id) return null;
  return (
    <Stack gap="lg" maw={960} data-testid="sync-status-page">
      <Stack gap={4}>
        <BackLink to={paths.integration}>{t('back_to_list')}</BackLink>
        <Title order={2}>{migration ? t('sync.migration_title') : t('sync.title')}</Title>
        {current ? (
          <Group gap="sm" wrap="wrap">
            <Text fw={600}>
              <bdi dir="auto">{current.name}</bdi>
            </Text>
            <DirectoryLabel code={current.dir_code} />
          </Group>
        ) : (
          <Skeleton h={24} w={280} />
        )}
      </Stack>
      {current && !current.migrated && <IntegrationFlowSteps active={migration ? 'migrate' : 'sync'} />}
      <Card withBorder radius="md" padding="lg" data-testid="sync-status" data-stage={view?.stage ?? 'starting'}>
        {!current || !view ? (
          <Starting />
        ) : (
          <RunStage
            integration={current}
            run={run.data!}
            view={view}
            migration={migration}
            redirectFailed={redirectFailed}
          />
        )}
      </Card>
      {run.data && run.data.problems.length > 0 && <RunProblems problems={run.data.problems} />}
    </Stack>
  );
}

function Starting() {
  const { t } = useTranslation('integrations');
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('sync.starting')}</Text>
      </Group>
      <Progress value={100} striped animated aria-label={t('sync.progress_label')} />
    </Stack>
  );
}

type RunStageProps = {
  integration: Integration;
  run: IntegrationRun;
  view: RunView;
  migration: boolean;
  redirectFailed: boolean;
};

function RunStage({ integration, run, view, migration, redirectFailed }: RunStageProps) {
  const { t } = useTranslation('integrations');
  if (view.stage === 'processing' || view.stage === 'done') {
    const done = view.stage === 'done';
    return (
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" role="status" aria-live="polite" data-testid="sync-status-text">
          {done ? (
            <ThemeIcon color="teal" variant="light" radius="xl" size={28} aria-hidden>
              <IconCircleCheck size={18} />
            </ThemeIcon>
          ) : (
            <Loader size="sm" aria-hidden />
          )}
          <Stack gap={0}>
            <Text fw={600}>{run.sync_status.text}</Text>
            {done && !redirectFailed && (
              <Text size="sm" c="dimmed">
                {migration ? t('sync.opening_view') : t('sync.opening_results')}
              </Text>
            )}
          </Stack>
        </Group>
        <Progress
          value={view.queued ? 100 : view.progress}
          striped={!done}
          animated={!done}
          color={done ? 'teal' : undefined}
          aria-label={t('sync.progress_label')}
          data-testid="sync-progress"
        />
        <RunCounts run={run} />
        {redirectFailed && (
          <Group>
            <Button component={Link} to={viewHref(integration)} variant="light" data-testid="sync-open-view">
              {t('sync.open_view')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  if (view.stage === 'auth-failed') {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconKey size={18} />}
        title={t('sync.auth_failed_title')}
        data-testid="sync-auth-failed"
        data-code={run.sync_status.id}
      >
        <Stack gap="sm">
          <Text size="sm" data-testid="sync-message">
            {view.message.kind === 'server' ? view.message.text : t('sync.reauthenticate')}
          </Text>
          <Group>
            <Button
              component={Link}
              to={viewHref(integration, { reauth: true })}
              color="orange"
              leftSection={<IconArrowBackUp size={16} />}
              data-testid="sync-back"
            >
              {t('sync.back')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return <RunFailed integration={integration} run={run} view={view} />;
}

function RunFailed({ integration, run, view }: { integration: Integration; run: IntegrationRun; view: RunView }) {
  const { t } = useTranslation('integrations');
  const startRun = useStartRun();
  const startMigration = useStartMigration();
  const later = useLater();
  const [retrying, setRetrying] = useState(false);
  const retryKind = view.retry;

  const retry = () => {
    if (!retryKind) return;
    setRetrying(true);
    const request =
      retryKind === 'migrate'
        ? startMigration.mutateAsync(integration.id)
        : startRun.mutateAsync({ id: integration.id, kind: retrySyncKind(integration) });
    request.then(
      ({ run_id }) => {
        notifySuccess(t('toasts.retry'));
        // Spec §9: the retried run is followed 2 s after it is asked for.
        later(INTEGRATION_TIMINGS.retryMs, () =>
          navigateTo(syncStatusHref(integration.id, run_id, retryKind === 'migrate'), { replace: true }),
        );
      },
      (error: unknown) => {
        // A 400 is left to the caller by the API client; the others it has reported.
        if (error instanceof ApiError && error.status === 400) notifyError(error.message);
        setRetrying(false);
      },
    );
  };

  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={retryKind === 'migrate' ? t('sync.migration_failed_title') : t('sync.failed_title')}
      data-testid="sync-failed"
      data-code={run.sync_status.id}
    >
      <Stack gap="sm">
        <Text size="sm" data-testid="sync-message">
          {view.message.kind === 'server' ? view.message.text : run.sync_status.text}
        </Text>
        <Group gap="sm">
          {retryKind && (
            <Button
              color="red"
              leftSection={<IconRefresh size={16} />}
              loading={retrying}
              onClick={retry}
              data-testid="sync-retry"
            >
              {t('sync.retry')}
            </Button>
          )}
          <Button
            component={Link}
            to={integration.migrated ? viewHref(integration) : settingsHref(integration.id)}
            variant="subtle"
            color="red"
            disabled={retrying}
          >
            {integration.migrated ? t('sync.open_view') : t('sync.open_settings')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function RunProblems({ problems }: { problems: IntegrationRun['problems'] }) {
  const { t } = useTranslation('integrations');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="run-problems">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('sync.problems.title', { count: problems.length })}
        </Title>
        <List size="sm" spacing={4}>
          {problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
            <List.Item key={`${problem.external_id ?? ''}-${index}`}>
              <Text span size="sm" fw={500}>
                <bdi dir="auto">{problem.name ?? problem.external_id ?? t('sync.problems.unnamed')}</bdi>
              </Text>
              {' — '}
              <Text span size="sm">
                {problem.message}
              </Text>
            </List.Item>
          ))}
        </List>
        {problems.length > PROBLEMS_SHOWN && (
          <Text size="sm" c="dimmed">
            {t('sync.problems.more', { count: problems.length - PROBLEMS_SHOWN })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
