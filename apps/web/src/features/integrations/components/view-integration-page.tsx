import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconClipboardList,
  IconInfoCircle,
  IconKey,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconSettings,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Integration } from '@app/shared/integrations/schemas';
import { INTEGRATION_TIMINGS, stageOf } from '@app/shared/integrations/status';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { navigateTo } from '@/lib/navigation';
import { notifyError, notifySuccess } from '@/lib/notify';
import { isRecordId, useNotFoundIfMissing } from '@/lib/record-id';
import { useSearchText } from '@/lib/search-param';
import { useUrlFilters } from '@/lib/url-filters';
import { useChangeIntegrationStatus } from '../api/change-integration-status';
import { useDeleteIntegration } from '../api/delete-integration';
import { useIntegration } from '../api/get-integration';
import { integrationScopeKey } from '../api/integration-query-keys';
import { useStatistics } from '../api/get-statistics';
import { useStartRun } from '../api/start-run';
import { useLater } from '../hooks/use-later';
import { attendanceCodesHref, writeBackHref } from '../utils/flow-links';
import { settingsHref, syncStatusHref } from '../utils/flow-pages';
import { refusalMessage } from '../utils/refusal';
import { opensReauthByItself, statusActionOf, viewAbilitiesOf } from '../utils/view-rules';
import { DirectoryLabel } from './directory-logo';
import { followInApp, HrefLink } from './href-link';
import { IntegrationStatusBadge } from './integration-status-badge';
import { ReauthModal } from './reauth-modal';
import { ScimTokenCard } from './scim-token-card';
import { StatsCards, SyncHealthCard } from './view-stats';
import { SyncLogsTable } from './sync-logs-table';

/** `?reauth=1` opens the re-authentication dialog (sync status's Back after refused credentials). */
const viewSearchSchema = z.object({ reauth: z.string().optional() });

/** An in-app link that looks like a button (a page with a query in its address). */
function LinkButton({
  href,
  children,
  icon,
  testId,
}: {
  href: string;
  children: string;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Button
      component="a"
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => followInApp(event, href)}
      variant="default"
      leftSection={icon}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/**
 * Spec §2 /view-integration/:integId/:integName: an integration in use. Its status and account, what
 * the last read found and the people kept in step, its sync health and logs; sync now, edit, deactivate
 * or reactivate, re-authenticate, delete; its records to review, write-back and attendance codes
 * (Wonde), or its SCIM address and token.
 */
export function ViewIntegrationPage() {
  const params: { integId?: string; integName?: string } = useParams({ strict: false });
  // A malformed id names nothing: the not-found page, as for a malformed `$id` (lib/record-id).
  const valid = isRecordId(params.integId);
  useEffect(() => {
    if (!valid) navigateTo(paths.notFound, { replace: true });
  }, [valid]);
  if (!valid) return null;
  return <ViewContent integrationId={params.integId!.toLowerCase()} nameInPath={params.integName ?? ''} />;
}

function ViewContent({ integrationId, nameInPath }: { integrationId: string; nameInPath: string }) {
  const { t } = useTranslation('integrations');
  const query = useIntegration(integrationId);
  const integration = query.data;
  useNotFoundIfMissing(query.error);
  useDocumentTitle(integration?.name ?? nameInPath);
  const stats = useStatistics(integrationId);
  useRefreshAfterRun(integrationId, stats.data?.last_run?.sync_status.id);

  return (
    <Stack gap="lg" data-testid="view-integration-page">
      <Stack gap={4}>
        <HrefLink back href={paths.integration} testId="view-integration-back">
          {t('back_to_list')}
        </HrefLink>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6} style={{ flex: '1 1 360px', minWidth: 0 }}>
            <Group gap="sm" wrap="wrap">
              <Title order={2} data-testid="view-integration-name">
                <bdi>{integration?.name ?? nameInPath}</bdi>
              </Title>
              {integration && <IntegrationStatusBadge status={integration.status} />}
            </Group>
            {integration ? (
              <Group gap="md" wrap="wrap">
                <DirectoryLabel code={integration.dir_code} />
                {integration.account && (
                  <Text size="sm" c="dimmed" data-testid="view-integration-account">
                    {t('integration_view.account')}: <bdi dir="ltr">{integration.account}</bdi>
                  </Text>
                )}
                {integration.site_names.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {t('integration_view.sites')}: <bdi>{integration.site_names.join(', ')}</bdi>
                  </Text>
                )}
              </Group>
            ) : (
              <Skeleton h={24} w={260} />
            )}
          </Stack>
          {integration && <ViewActions integration={integration} />}
        </Group>
      </Stack>

      {integration && !integration.editable && (
        <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="view-integration-read-only">
          {t('integration_view.read_only')}
        </Alert>
      )}

      {stats.data ? <StatsCards integrationId={integrationId} stats={stats.data} /> : <Skeleton h={96} radius="md" />}
      {integration && stats.data && <SyncHealthCard integration={integration} stats={stats.data} />}
      {integration && <MoreCard integration={integration} />}
      {integration?.dir_code === 'scim' && <ScimTokenCard integration={integration} />}
      <SyncLogsTable integrationId={integrationId} />
    </Stack>
  );
}

/**
 * The statistics are read again while a run goes on; when it ends, everything else shown of the
 * integration (its status, sync times, logs) is read again too.
 */
function useRefreshAfterRun(integrationId: string, code: number | undefined) {
  const client = useQueryClient();
  const running = code !== undefined && stageOf(code) === 'processing';
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void client.invalidateQueries({ queryKey: integrationScopeKey(integrationId) });
    wasRunning.current = running;
  }, [client, integrationId, running]);
}

/** Write-back and attendance codes, when the integration has them. */
function MoreCard({ integration }: { integration: Integration }) {
  const { t } = useTranslation('integrations');
  const can = viewAbilitiesOf(integration);
  if (!can.writeBack && !can.attendanceCodes) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="view-more-title">
      <Title order={3} size="h4" id="view-more-title" mb="xs">
        {t('integration_view.more.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('integration_view.more.body')}
      </Text>
      <Group gap="sm">
        {can.writeBack && (
          <LinkButton href={writeBackHref(integration.id)} icon={<IconUpload size={16} />} testId="view-write-back">
            {t('integration_view.more.write_back')}
          </LinkButton>
        )}
        {can.attendanceCodes && (
          <LinkButton
            href={attendanceCodesHref(integration.id, integration.name)}
            icon={<IconClipboardList size={16} />}
            testId="view-attendance-codes"
          >
            {t('integration_view.more.attendance_codes')}
          </LinkButton>
        )}
      </Group>
    </Card>
  );
}

function ViewActions({ integration }: { integration: Integration }) {
  const { t } = useTranslation('integrations');
  const can = viewAbilitiesOf(integration);
  const startRun = useStartRun();
  const changeStatus = useChangeIntegrationStatus();
  const remove = useDeleteIntegration();
  const later = useLater();
  const [preparing, setPreparing] = useState(false);
  const statusAction = statusActionOf(integration.status);

  // Spec §8 "Re-auth with an invalid flag opens the modal": once per integration shown, by itself.
  const reauthParam = useSearchText('reauth');
  const [, setSearch] = useUrlFilters(viewSearchSchema);
  const [reauthOpen, setReauthOpen] = useState(false);
  const [checked, setChecked] = useState<string | null>(null);
  if (checked !== integration.id) {
    setChecked(integration.id);
    if (integration.editable && opensReauthByItself(integration, reauthParam)) setReauthOpen(true);
  }
  const closeReauth = () => {
    setReauthOpen(false);
    // A reload must not open it again.
    if (reauthParam !== null) setSearch({ reauth: undefined });
  };

  const showRefusal = (error: unknown) => {
    const message = refusalMessage(error);
    if (message) notifyError(message);
  };

  // Spec §4 "Auto sync waits 2 s, opens sync-status and polls".
  const syncNow = () =>
    startRun.mutate(
      { id: integration.id, kind: 'manual' },
      {
        onSuccess: ({ run_id }) => {
          setPreparing(true);
          notifySuccess(t('toasts.preparing'));
          later(INTEGRATION_TIMINGS.autoSyncMs, () => navigateTo(syncStatusHref(integration.id, run_id)));
        },
        onError: showRefusal,
      },
    );

  const confirmStatus = (action: 'deactivate' | 'reactivate') =>
    modals.openConfirmModal({
      title: t(`integration_view.${action}.title`, { name: integration.name }),
      children: <Text size="sm">{t(`integration_view.${action}.body`)}</Text>,
      labels: { confirm: t(`integration_view.${action}.confirm`), cancel: t('common:actions.cancel') },
      confirmProps: { color: action === 'deactivate' ? 'orange' : undefined, 'data-testid': 'view-status-confirm' },
      onConfirm: () =>
        changeStatus.mutate(
          { id: integration.id, status: action === 'deactivate' ? 'inactive' : 'active' },
          { onSuccess: () => notifySuccess(t('integration_view.status_updated')), onError: showRefusal },
        ),
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('integration_view.delete.title', { name: integration.name }),
      children: <Text size="sm">{t('integration_view.delete.body')}</Text>,
      labels: { confirm: t('integration_view.delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'view-delete-confirm' },
      onConfirm: () =>
        remove.mutate(integration.id, {
          onSuccess: () => {
            notifySuccess(t('integration_view.delete.done'));
            navigateTo(paths.integration);
          },
          onError: showRefusal,
        }),
    });

  if (!integration.editable) return null;
  return (
    <Group gap="sm" wrap="wrap" justify="flex-end" data-testid="view-integration-actions">
      {can.sync && (
        <Button
          leftSection={<IconRefresh size={16} />}
          onClick={syncNow}
          loading={startRun.isPending || preparing}
          data-testid="view-sync-now"
        >
          {t('integration_view.sync_now')}
        </Button>
      )}
      <LinkButton href={settingsHref(integration.id)} icon={<IconSettings size={16} />} testId="view-edit-settings">
        {t('integration_view.edit_settings')}
      </LinkButton>
      {statusAction && (
        <Button
          variant="default"
          leftSection={statusAction === 'deactivate' ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
          onClick={() => confirmStatus(statusAction)}
          loading={changeStatus.isPending}
          data-testid={`view-${statusAction}`}
        >
          {t(`integration_view.${statusAction}.action`)}
        </Button>
      )}
      {can.reauth && (
        <Button
          variant="default"
          leftSection={<IconKey size={16} />}
          onClick={() => setReauthOpen(true)}
          data-testid="view-reauth"
        >
          {t('integration_view.reauth')}
        </Button>
      )}
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={confirmDelete}
        loading={remove.isPending}
        data-testid="view-delete"
      >
        {t('integration_view.delete.action')}
      </Button>
      {can.reauth && <ReauthModal integration={integration} opened={reauthOpen} onClose={closeReauth} />}
    </Group>
  );
}
