import { Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PublicNotice } from '@/components/ui/public-notice';

/** Why the link cannot be used: the server's message, in the reader's language. */
export function RfidLinkError({ message }: { message: string }) {
  const { t } = useTranslation('rfid');
  return (
    <PublicNotice icon={IconLinkOff} color="orange" title={t('public.error_title')} testId="rfid-error">
      <Text data-testid="rfid-error-message">{message}</Text>
    </PublicNotice>
  );
}
