import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Why the link cannot be used: the server's message, in the reader's language. */
export function RfidLinkError({ message }: { message: string }) {
  const { t } = useTranslation('rfid');
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="rfid-error">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={80} radius={999} variant="light" color="orange">
          <IconLinkOff size={44} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('public.error_title')}
        </Title>
        <Text data-testid="rfid-error-message">{message}</Text>
      </Stack>
    </Paper>
  );
}
