import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_LIMITS, type WebhookEndpoint } from '@app/shared/webhooks/schemas';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import type { ShownSecret } from '../components/secret-modal';
import { LtrText } from '../components/ltr-text';

/**
 * What the list and the log do to an endpoint beyond its form: send a test message; rotate its secret,
 * disable, enable or delete it, each asked first with what it does. A new secret goes to `onSecret`
 * (shown once), a deletion to `onDeleted`.
 */
export function useEndpointActions({
  onSecret,
  onDeleted,
}: {
  onSecret: (shown: ShownSecret) => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const sendTest = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();

  const about = (endpoint: WebhookEndpoint, body: string) => (
    <Stack gap="sm">
      <LtrText fw={600} mono>
        {endpoint.endpoint_url}
      </LtrText>
      <Text size="sm">{body}</Text>
    </Stack>
  );

  const test = (endpoint: WebhookEndpoint) =>
    sendTest.mutate(endpoint.id, { onSuccess: () => notifySuccess(t('test.queued', { url: endpoint.endpoint_url })) });

  const confirmRotate = (endpoint: WebhookEndpoint) =>
    modals.openConfirmModal({
      title: t('rotate.title'),
      children: about(endpoint, t('rotate.body', { hours: WEBHOOK_LIMITS.rotationOverlapHours })),
      labels: { confirm: t('rotate.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { 'data-testid': 'webhook-rotate-confirm' },
      onConfirm: () =>
        rotate.mutate(endpoint.id, {
          onSuccess: (answer) =>
            answer.secret && onSecret({ endpoint: answer.endpoint, secret: answer.secret, kind: 'rotated' }),
        }),
    });

  const confirmToggle = (endpoint: WebhookEndpoint) => {
    const enabling = !endpoint.enabled;
    const body = enabling
      ? endpoint.pending > 0
        ? t('enable.body_waiting', { count: endpoint.pending })
        : t('enable.body')
      : t('disable.body');
    modals.openConfirmModal({
      title: enabling ? t('enable.title') : t('disable.title'),
      children: about(endpoint, body),
      labels: { confirm: enabling ? t('enable.confirm') : t('disable.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: enabling ? undefined : 'orange', 'data-testid': 'webhook-toggle-confirm' },
      onConfirm: () =>
        update.mutate(
          { id: endpoint.id, body: { enabled: enabling } },
          {
            onSuccess: () => notifySuccess(enabling ? t('enable.done') : t('disable.done')),
            // The form shows its refusals under its fields; this switch has none, so they are said here.
            onError: (error) => {
              if (error instanceof ApiError && (error.status === 400 || error.status === 422))
                notifyError(error.message);
            },
          },
        ),
    });
  };

  const confirmDelete = (endpoint: WebhookEndpoint) =>
    modals.openConfirmModal({
      title: t('delete.title'),
      children: about(endpoint, t('delete.body')),
      labels: { confirm: t('delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'webhook-delete-confirm' },
      onConfirm: () =>
        remove.mutate(endpoint.id, {
          onSuccess: () => {
            notifySuccess(t('delete.done'));
            onDeleted?.();
          },
        }),
    });

  return {
    test,
    confirmRotate,
    confirmToggle,
    confirmDelete,
    /** The endpoint whose test message is being queued. */
    testing: sendTest.isPending ? (sendTest.variables ?? null) : null,
  };
}
