import {
  Skeleton,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { IconInbox, IconSend } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_LIMITS, type WebhookDelivery } from '@app/shared/webhooks/schemas';
import { BackLink } from '@/components/ui/back-link';
import { LiveStatus } from '@/components/ui/live-status';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { useUrlFilters } from '@/lib/url-filters';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { useEndpointActions } from '../hooks/use-endpoint-actions';
import { useWebhookEvents } from '../hooks/use-webhook-events';
import { DELIVERIES_PAGE_SIZE, deliveriesPageFiltersSchema, pageCount } from '../utils/deliveries-filters';
import { endpointState } from '../utils/endpoint-status';
import { DeliveriesTable } from './deliveries-table';
import { DeliveryDrawer } from './delivery-drawer';
import { LtrText } from './ltr-text';
import { EndpointStatusBadge } from './webhook-badges';

const ALL = 'all';

const loading = <RowsSkeleton rows={4} height={48} />;

/**
 * /webhooks/$id (decision 052): one endpoint's delivery log, newest first, by status, a page at a time
 * along the server's cursor; a delivery opens beside it with what was sent and every attempt, and can
 * be sent again. The log follows the server's events, so it never shows a stale attempt.
 */
export function WebhookDeliveriesPage() {
  const { t } = useTranslation('webhooks');
  const { id = '' }: { id?: string } = useParams({ strict: false });
  const [filters, setFilters] = useUrlFilters(deliveriesPageFiltersSchema);
  const { status } = filters;
  const [shown, setShown] = useState({ status, page: 1 });
  const page = shown.status === status ? shown.page : 1;
  const endpoints = useWebhookEndpoints();
  const endpoint = endpoints.data?.find((e) => e.id === id);
  const missing = endpoints.data !== undefined && !endpoint;
  const list = useWebhookDeliveries(id, { status, page, limit: DELIVERIES_PAGE_SIZE }, endpoint !== undefined);
  const live = useWebhookEvents();
  const [opened, setOpened] = useState<Pick<WebhookDelivery, 'id' | 'event'> | null>(null);
  // Only the test message is sent from here: no secret is answered.
  const actions = useEndpointActions({ onSecret: () => undefined });

  // An endpoint this company does not have (deleted meanwhile, or a made-up address): the not-found page.
  useEffect(() => {
    if (missing) navigateTo(paths.notFound, { replace: true });
  }, [missing]);

  const data = list.data;
  const pages = data ? pageCount(data.count) : 1;
  if (data && !list.isPlaceholderData && data.data.length === 0 && page > 1)
    setShown({ status, page: Math.min(page - 1, pages) });
  const countText = !data
    ? null
    : data.count_capped
      ? t('log.count_capped', { total: data.count })
      : t('log.count', { count: data.count });

  let body;
  if ((list.isError && !data) || (endpoints.isError && !endpoints.data))
    body = (
      <LoadFailedAlert
        title={t('log.load_failed')}
        onRetry={() => void (endpoints.isError ? endpoints.refetch() : list.refetch())}
      />
    );
  else if (!data) body = loading;
  else if (data.data.length === 0)
    body = (
      <EmptyState
        icon={<IconInbox size={28} />}
        title={status ? t('log.nothing_found.title') : t('log.empty.title')}
        description={status ? t('log.nothing_found.body') : t('log.empty.body', { days: WEBHOOK_LIMITS.logDays })}
        py="xl"
        data-testid="webhook-deliveries-empty"
      />
    );
  else
    body = (
      <DeliveriesTable
        deliveries={data.data}
        fetching={list.isPlaceholderData}
        onOpen={(delivery) => setOpened({ id: delivery.id, event: delivery.event })}
      />
    );

  return (
    <Stack gap="lg" data-testid="webhook-log-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <BackLink to={paths.webhooks} testId="webhook-log-back">
            {t('log.back')}
          </BackLink>
          <Title order={2}>{t('log.title')}</Title>
          {endpoint ? (
            <Group gap="sm" wrap="wrap" align="center">
              <LtrText fw={600} mono data-testid="webhook-log-url">
                {endpoint.endpoint_url}
              </LtrText>
              <EndpointStatusBadge state={endpointState(endpoint)} />
            </Group>
          ) : (
            <Skeleton h={20} w={320} />
          )}
          <Text c="dimmed">{t('log.description', { days: WEBHOOK_LIMITS.logDays })}</Text>
          <LiveStatus view={live} hint={t('live_hint')} testId="webhook-log-live" />
        </Stack>
        <Button
          variant="default"
          leftSection={<IconSend size={16} className="mirror-rtl" />}
          disabled={!endpoint}
          loading={actions.testing === id}
          onClick={() => endpoint && actions.test(endpoint)}
          data-testid="webhook-log-test"
        >
          {t('actions.test')}
        </Button>
      </Group>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label={t('log.filter')}
              value={status ?? ALL}
              onChange={(value) => {
                const next = WEBHOOK_DELIVERY_STATUSES.find((s) => s === value);
                setFilters({ status: next });
              }}
              data={[
                { value: ALL, label: t('log.all') },
                ...WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: t(`delivery_status.${value}`) })),
              ]}
              data-testid="webhook-log-status"
            />
            {countText !== null && (
              <Text size="sm" c="dimmed" role="status" data-testid="webhook-log-count">
                {countText}
              </Text>
            )}
          </Group>
          {body}
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                value={page}
                onChange={(next) => setShown({ status, page: next })}
                total={pages}
                data-testid="webhook-log-pagination"
              />
            </Group>
          )}
        </Stack>
      </Card>

      <DeliveryDrawer
        endpointId={id}
        deliveryId={opened?.id ?? null}
        event={opened?.event ?? null}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}
