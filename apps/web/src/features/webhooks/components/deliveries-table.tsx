import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@app/shared/webhooks/schemas';
import { formatDateTime } from '@/lib/dates';
import { isKnownMessageType } from '../utils/webhook-events';
import { EventName } from './event-name';
import { AttemptResultBadge, DeliveryStatusBadge } from './webhook-badges';

type DeliveriesTableProps = {
  deliveries: readonly WebhookDelivery[];
  /** Another page or status is being read while these rows are still shown. */
  fetching: boolean;
  onOpen: (delivery: WebhookDelivery) => void;
};

function Moment({ at, testId }: { at: string | null; testId: string }) {
  if (!at)
    return (
      <Text size="sm" c="dimmed" aria-hidden data-testid={testId}>
        —
      </Text>
    );
  return (
    <Text size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      {formatDateTime(at)}
    </Text>
  );
}

/** An endpoint's messages, newest first: what, where each stands, how many attempts, and the last answer. */
export function DeliveriesTable({ deliveries, fetching, onOpen }: DeliveriesTableProps) {
  const { t } = useTranslation('webhooks');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="xs"
        highlightOnHover
        aria-busy={fetching || undefined}
        style={{ opacity: fetching ? 0.6 : 1 }}
        data-testid="webhook-deliveries"
      >
        <VisuallyHidden component="caption">{t('log.caption')}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('log.columns.event')}</Table.Th>
            <Table.Th>{t('log.columns.status')}</Table.Th>
            <Table.Th>{t('log.columns.attempts')}</Table.Th>
            <Table.Th>{t('log.columns.created')}</Table.Th>
            <Table.Th>{t('log.columns.next_attempt')}</Table.Th>
            <Table.Th>{t('log.columns.last_result')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('log.columns.details')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => {
            const what = isKnownMessageType(delivery.event) ? t(`events.${delivery.event}.label`) : delivery.event;
            return (
              <Table.Tr
                key={delivery.id}
                onClick={() => onOpen(delivery)}
                style={{ cursor: 'pointer' }}
                data-testid="webhook-delivery-row"
                data-id={delivery.id}
                data-event={delivery.event}
                data-status={delivery.status}
              >
                <Table.Td>
                  <EventName event={delivery.event} />
                </Table.Td>
                <Table.Td>
                  <DeliveryStatusBadge status={delivery.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="webhook-delivery-attempts">
                    {delivery.attempts}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Moment at={delivery.created_at} testId="webhook-delivery-created" />
                </Table.Td>
                <Table.Td>
                  <Moment
                    at={delivery.status === 'pending' ? delivery.next_attempt_at : null}
                    testId="webhook-delivery-next"
                  />
                </Table.Td>
                <Table.Td>
                  {delivery.last_attempt ? (
                    <AttemptResultBadge attempt={delivery.last_attempt} testId="webhook-delivery-result" />
                  ) : (
                    <Text size="sm" c="dimmed" data-testid="webhook-delivery-result">
                      {t('log.not_attempted')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="xs"
                    rightSection={<IconChevronRight size={14} className="mirror-rtl" />}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(delivery);
                    }}
                    aria-label={t('log.open_for', { event: what, time: formatDateTime(delivery.created_at) })}
                    data-testid="webhook-delivery-open"
                  >
                    {t('log.open')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
