import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from './copyable-value';

type ScimTokenModalProps = {
  opened: boolean;
  token: string;
  url: string;
  /** Once the admin has copied what they need: the dialog closes and the flow goes on. */
  onDone: () => void;
};

/**
 * A SCIM integration's bearer token and base URL, shown this once (the server keeps only a hash): each
 * with a copy button, and said plainly that it will not be seen again. Clicking outside does not close
 * it by mistake; Escape and the button do.
 */
export function ScimTokenModal({ opened, token, url, onDone }: ScimTokenModalProps) {
  const { t } = useTranslation('integrations');
  return (
    <Modal
      opened={opened}
      onClose={onDone}
      title={t('scim_token.title')}
      size="lg"
      centered
      closeOnClickOutside={false}
      data-testid="scim-token-modal"
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t('scim_token.once_title')}>
          {t('scim_token.once_body')}
        </Alert>
        <CopyableValue label={t('scim_token.url')} value={url} testId="scim-url" />
        <CopyableValue label={t('scim_token.token')} value={token} testId="scim-token" secret />
        <Text size="sm" c="dimmed">
          {t('scim_token.how')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onDone} data-testid="scim-token-done">
            {t('scim_token.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
