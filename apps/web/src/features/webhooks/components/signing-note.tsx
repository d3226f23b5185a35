import { Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * How a receiver trusts a message: every one is signed to the Standard Webhooks specification, and
 * carries three headers, named as sent (left to right, in every language).
 */
export function SigningNote({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('webhooks');
  return (
    <Stack gap={4} data-testid="webhook-signing-note">
      <Text size={size} c="dimmed">
        {t('signing.note')}
      </Text>
      <Group gap={6} aria-label={t('signing.headers')} role="list">
        {HEADERS.map((header) => (
          <Code key={header} dir="ltr" role="listitem">
            {header}
          </Code>
        ))}
      </Group>
    </Stack>
  );
}
