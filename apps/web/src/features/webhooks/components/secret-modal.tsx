import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_LIMITS, type WebhookEndpointWithSecret } from '@app/shared/webhooks/schemas';
import { formatDateTime } from '@/lib/dates';
import { CopyableSecret } from './copyable-secret';
import { LtrText } from './ltr-text';
import { SigningNote } from './signing-note';

/** A secret just answered: for a new endpoint, or by a rotation (the one before it still signs a while). */
export type ShownSecret = {
  endpoint: WebhookEndpointWithSecret['endpoint'];
  secret: string;
  kind: 'created' | 'rotated';
};

/**
 * The endpoint's signing secret, shown this once (the server never answers it again): with a copy
 * button, said plainly that it will not be seen again, and after a rotation until when the previous
 * one still signs. Clicking outside does not close it by mistake; Escape and the button do.
 */
export function SecretModal({ shown, onDone }: { shown: ShownSecret | null; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  const until = shown?.endpoint.previous_secret_until;
  return (
    <Modal
      opened={shown !== null}
      onClose={onDone}
      title={shown?.kind === 'rotated' ? t('secret.rotated_title') : t('secret.created_title')}
      size="lg"
      centered
      closeOnClickOutside={false}
      data-testid="webhook-secret-modal"
    >
      {shown && (
        <Stack gap="md">
          <LtrText fw={600} mono data-testid="webhook-secret-url">
            {shown.endpoint.endpoint_url}
          </LtrText>
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('secret.once_title')}
            data-testid="webhook-secret-once"
          >
            {t('secret.once_body')}
          </Alert>
          <CopyableSecret label={t('secret.label')} value={shown.secret} testId="webhook-secret" />
          {shown.kind === 'rotated' && until && (
            <Text size="sm" data-testid="webhook-secret-previous">
              {t('secret.previous', { time: formatDateTime(until), hours: WEBHOOK_LIMITS.rotationOverlapHours })}
            </Text>
          )}
          <SigningNote />
          <Group justify="flex-end">
            <Button onClick={onDone} data-testid="webhook-secret-done">
              {t('secret.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
