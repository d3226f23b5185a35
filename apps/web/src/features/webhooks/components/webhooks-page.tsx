import { Button, Card, EmptyState, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_LIMITS, type WebhookEndpoint } from '@app/shared/webhooks/schemas';
import { BackLink } from '@/components/ui/back-link';
import { LiveStatus } from '@/components/ui/live-status';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { useEndpointActions } from '../hooks/use-endpoint-actions';
import { useWebhookEvents } from '../hooks/use-webhook-events';
import type { EndpointDrawerState } from './endpoint-drawer';
import { EndpointsTable, type EndpointAction } from './endpoints-table';
import { SecretModal, type ShownSecret } from './secret-modal';
import { SigningNote } from './signing-note';

// The form loads when first opened: the list shows without it.
const EndpointDrawer = lazy(() => import('./endpoint-drawer').then((m) => ({ default: m.EndpointDrawer })));

const loading = <RowsSkeleton rows={3} height={56} />;

/**
 * /webhooks (decision 052): the company's endpoints, each told of the events chosen for it by a signed
 * HTTP POST; added, changed, tested, rotated, disabled and deleted here, each with its delivery log.
 * The list follows the server's events, so an attempt shows as it is made.
 */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const list = useWebhookEndpoints();
  const live = useWebhookEvents();
  const [drawer, setDrawer] = useState<EndpointDrawerState>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const actions = useEndpointActions({ onSecret: setSecret });

  const endpoints = list.data;
  const full = (endpoints?.length ?? 0) >= WEBHOOK_LIMITS.endpointsMax;

  const onAction = (action: EndpointAction, endpoint: WebhookEndpoint) => {
    if (action === 'edit') setDrawer({ mode: 'edit', endpoint });
    else if (action === 'test') actions.test(endpoint);
    else if (action === 'rotate') actions.confirmRotate(endpoint);
    else if (action === 'toggle') actions.confirmToggle(endpoint);
    else actions.confirmDelete(endpoint);
  };

  const add = (testId: string, variant?: 'light') => {
    const button = (
      <Button
        leftSection={<IconPlus size={16} />}
        variant={variant}
        disabled={full}
        onClick={() => setDrawer({ mode: 'add' })}
        data-testid={testId}
      >
        {t('list.add')}
      </Button>
    );
    return full ? (
      <Tooltip label={t('list.full', { max: WEBHOOK_LIMITS.endpointsMax })}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };

  let body;
  if (list.isError && !endpoints)
    body = <LoadFailedAlert title={t('list.load_failed')} onRetry={() => void list.refetch()} />;
  else if (!endpoints) body = loading;
  else if (endpoints.length === 0)
    body = (
      <EmptyState icon={<IconWebhook size={28} />} title={t('list.empty.title')} py="xl" data-testid="webhooks-empty">
        <EmptyState.Description maw={620}>{t('list.empty.body')}</EmptyState.Description>
        <EmptyState.Description maw={620}>{t('list.empty.signing')}</EmptyState.Description>
        <EmptyState.Actions>{add('webhook-add-first', 'light')}</EmptyState.Actions>
      </EmptyState>
    );
  else body = <EndpointsTable endpoints={endpoints} testing={actions.testing} onAction={onAction} />;

  return (
    <Stack gap="lg" data-testid="webhooks-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <BackLink to={paths.integration} testId="webhooks-back">
            {t('list.back')}
          </BackLink>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
          <LiveStatus view={live} hint={t('live_hint')} testId="webhooks-live" />
        </Stack>
        {add('webhook-add')}
      </Group>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          {endpoints && endpoints.length > 0 && (
            <Text size="sm" c="dimmed" role="status" data-testid="webhooks-count">
              {t('list.count', { count: endpoints.length, max: WEBHOOK_LIMITS.endpointsMax })}
            </Text>
          )}
          {body}
        </Stack>
      </Card>
      {endpoints && endpoints.length > 0 && <SigningNote />}

      <Suspense fallback={null}>
        {drawer && (
          <EndpointDrawer
            state={drawer}
            onClose={() => setDrawer(null)}
            onCreated={(created) => {
              setDrawer(null);
              // A chat channel's messages are not signed: nothing to show once.
              if (created.secret) setSecret({ endpoint: created.endpoint, secret: created.secret, kind: 'created' });
              else notifySuccess(t('form.chat_added'));
            }}
            onUpdated={() => {
              setDrawer(null);
              notifySuccess(t('form.updated'));
            }}
          />
        )}
      </Suspense>
      <SecretModal shown={secret} onDone={() => setSecret(null)} />
    </Stack>
  );
}
