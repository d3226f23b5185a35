import {
  Alert,
  Button,
  Code,
  Drawer,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryDetail } from '@app/shared/webhooks/schemas';
import { notifySuccess } from '@/lib/notify';
import { useWebhookDelivery } from '../api/get-webhook-delivery';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { durationParts, formatMomentWithSeconds, prettyBody } from '../utils/attempt-result';
import { isKnownMessageType } from '../utils/webhook-events';
import { LtrText } from './ltr-text';
import { AttemptResultBadge, DeliveryStatusBadge } from './webhook-badges';

/** A fact of the delivery: its name above, its value below. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** A body as sent or answered: indented when it is JSON, left to right, scrolling past a screenful. */
function Body({ text, testId }: { text: string; testId: string }) {
  return (
    <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
      <Code block dir="ltr" data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {prettyBody(text)}
      </Code>
    </ScrollArea.Autosize>
  );
}

function DeliveryDetail({ endpointId, delivery }: { endpointId: string; delivery: WebhookDeliveryDetail }) {
  const { t } = useTranslation('webhooks');
  const resend = useResendWebhookDelivery();
  const duration = (ms: number) => {
    const { unit, value } = durationParts(ms);
    return t(`detail.duration_${unit}`, { value });
  };
  const headers = Object.entries(delivery.request.headers);
  return (
    <Stack gap="lg" data-testid="webhook-delivery-detail" data-id={delivery.id} data-status={delivery.status}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Fact label={t('detail.message_id')}>
          <LtrText mono data-testid="webhook-detail-id">
            {delivery.id}
          </LtrText>
        </Fact>
        <Fact label={t('detail.event')}>
          <LtrText mono data-testid="webhook-detail-event">
            {delivery.event}
          </LtrText>
        </Fact>
        <Fact label={t('detail.status')}>
          <Group gap="xs">
            <DeliveryStatusBadge status={delivery.status} />
            <Text size="sm" c="dimmed">
              {t('detail.attempts_count', { count: delivery.attempts })}
            </Text>
          </Group>
        </Fact>
        <Fact label={t('detail.created')}>
          <LtrText>{formatMomentWithSeconds(delivery.created_at)}</LtrText>
        </Fact>
        {delivery.status === 'pending' && delivery.next_attempt_at && (
          <Fact label={t('detail.next_attempt')}>
            <LtrText data-testid="webhook-detail-next">{formatMomentWithSeconds(delivery.next_attempt_at)}</LtrText>
          </Fact>
        )}
      </SimpleGrid>

      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          loading={resend.isPending}
          disabled={delivery.status === 'pending'}
          onClick={() =>
            resend.mutate(
              { endpointId, deliveryId: delivery.id },
              { onSuccess: () => notifySuccess(t('detail.sent_again')) },
            )
          }
          data-testid="webhook-delivery-resend"
        >
          {t('detail.send_again')}
        </Button>
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {delivery.status === 'pending' ? t('detail.send_again_pending') : t('detail.send_again_hint')}
        </Text>
      </Group>

      <Stack gap="sm" component="section" aria-labelledby="webhook-request-title">
        <Title order={3} size="h4" id="webhook-request-title">
          {t('detail.request')}
        </Title>
        <Table.ScrollContainer minWidth={360}>
          <Table withTableBorder verticalSpacing={6} data-testid="webhook-detail-headers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.header')}</Table.Th>
                <Table.Th>{t('detail.value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {headers.map(([name, value]) => (
                <Table.Tr key={name} data-testid="webhook-detail-header" data-name={name}>
                  <Table.Td w="35%">
                    <LtrText mono size="xs">
                      {name}
                    </LtrText>
                  </Table.Td>
                  <Table.Td>
                    <LtrText mono size="xs">
                      {value}
                    </LtrText>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          {t('detail.signature_note')}
        </Text>
        <Text size="sm" fw={600}>
          {t('detail.body')}
        </Text>
        <Body text={delivery.request.body} testId="webhook-detail-body" />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="webhook-attempts-title">
        <Title order={3} size="h4" id="webhook-attempts-title">
          {t('detail.attempts')}
        </Title>
        {delivery.attempt_log.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="webhook-detail-no-attempts">
            {t('detail.no_attempts')}
          </Text>
        ) : (
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {delivery.attempt_log.map((attempt, index) => (
              <Paper
                key={`${attempt.at}-${index}`}
                component="li"
                withBorder
                radius="md"
                p="sm"
                data-testid="webhook-attempt"
              >
                <Stack gap="xs">
                  <Group gap="sm" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {t('detail.attempt_number', { number: index + 1 })}
                    </Text>
                    <Text size="sm" dir="ltr" data-testid="webhook-attempt-at">
                      {formatMomentWithSeconds(attempt.at)}
                    </Text>
                    <AttemptResultBadge attempt={attempt} />
                    <Text size="sm" c="dimmed" data-testid="webhook-attempt-duration">
                      {duration(attempt.duration_ms)}
                    </Text>
                  </Group>
                  {attempt.response_body ? (
                    <Stack gap={4}>
                      <Text size="xs" c="dimmed" fw={600}>
                        {t('detail.response')}
                      </Text>
                      <Body text={attempt.response_body} testId="webhook-attempt-response" />
                    </Stack>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {attempt.error ? t('detail.no_answer') : t('detail.no_response_body')}
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** One delivery beside its log: what was sent (headers and body), every attempt, and "Send again". */
export function DeliveryDrawer({
  endpointId,
  deliveryId,
  event,
  onClose,
}: {
  endpointId: string;
  deliveryId: string | null;
  /** The event of the delivery opened, for the title while its detail loads. */
  event: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const detail = useWebhookDelivery(endpointId, deliveryId);
  const title = event ? (isKnownMessageType(event) ? t(`events.${event}.label`) : event) : t('detail.title');
  let body;
  if (detail.isError)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('detail.load_failed')}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void detail.refetch()}>
          {t('common:retry')}
        </Button>
      </Alert>
    );
  else if (!detail.data) body = <RowsSkeleton rows={5} height={36} gap="sm" />;
  else body = <DeliveryDetail endpointId={endpointId} delivery={detail.data} />;
  return (
    <Drawer
      opened={deliveryId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={title}
      data-testid="webhook-delivery-drawer"
    >
      {body}
    </Drawer>
  );
}
