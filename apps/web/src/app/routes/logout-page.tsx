import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '@/lib/session';

/** /logout: signs out and opens the sign-in page. */
export function LogoutPage() {
  const { t } = useTranslation('pages');
  useEffect(() => {
    void logout();
  }, []);
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t('logout.signing_out')}</Text>
      </Stack>
    </Center>
  );
}
