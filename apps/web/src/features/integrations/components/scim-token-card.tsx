import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Integration } from '@app/shared/integrations/schemas';
import { notifyError } from '@/lib/notify';
import { useRotateScimToken, type ScimToken } from '../api/rotate-scim-token';
import { refusalMessage, scimUrlOf } from '../utils/refusal';
import { CopyableValue } from './copyable-value';
import { ScimTokenModal } from './scim-token-modal';

/**
 * A SCIM integration's address for its identity provider, and "Generate a new token": the old token
 * stops working at once, so it is asked first; the new one is shown this once, with copy buttons.
 */
export function ScimTokenCard({ integration }: { integration: Integration }) {
  const { t } = useTranslation('integrations');
  const rotate = useRotateScimToken();
  // The server's address once it has answered; the token only while its dialog is open (shown once).
  const [url, setUrl] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const issued = (answer: ScimToken) => {
    setUrl(answer.scim_url);
    setToken(answer.scim_token);
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: t('scim_card.confirm_title'),
      children: <Text size="sm">{t('scim_card.confirm_body', { name: integration.name })}</Text>,
      labels: { confirm: t('scim_card.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'scim-rotate-confirm' },
      onConfirm: () =>
        rotate.mutate(integration.id, {
          onSuccess: issued,
          onError: (error) => {
            const message = refusalMessage(error);
            if (message) notifyError(message);
          },
        }),
    });

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="scim-card-title"
      data-testid="scim-card"
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="scim-card-title">
          {t('scim_card.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('scim_card.body')}
        </Text>
        <CopyableValue
          label={t('scim_card.url')}
          value={url ?? scimUrlOf(window.location.origin)}
          testId="scim-card-url"
        />
        {integration.editable && (
          <div>
            <Button
              variant="light"
              color="red"
              leftSection={<IconRefresh size={16} />}
              onClick={confirm}
              loading={rotate.isPending}
              data-testid="scim-rotate"
            >
              {t('scim_card.rotate')}
            </Button>
          </div>
        )}
      </Stack>
      <ScimTokenModal opened={token !== null} token={token ?? ''} url={url ?? ''} onDone={() => setToken(null)} />
    </Card>
  );
}
