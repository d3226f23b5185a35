import { Box, Button, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStartOtpSetup } from '../api/start-otp-setup';
import { CopyableSecret } from './copyable-secret';
import { OtpCodeForm } from './otp-code-form';

export function OtpEnrolment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation('account');
  const setup = useStartOtpSetup();

  if (!setup.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('enrol.intro')}</Text>
        <Button
          leftSection={<IconQrcode size={18} />}
          loading={setup.isPending}
          onClick={() => setup.mutate()}
          data-testid="otp-setup-start"
        >
          {t('enrol.start')}
        </Button>
      </Stack>
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" data-testid="otp-setup">
      <Stack gap="sm">
        <Title order={4}>{t('enrol.scan_title')}</Title>
        <Text size="sm" c="dimmed">
          {t('enrol.scan_hint')}
        </Text>
        <Box p="xs" bg="white" w="fit-content" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Image src={setup.data.qr_code} alt={t('enrol.qr_alt')} w={200} h={200} data-testid="otp-qr" />
        </Box>
        <Text size="sm" c="dimmed">
          {t('enrol.secret_hint')}
        </Text>
        <CopyableSecret value={setup.data.secret} testId="otp-secret" />
      </Stack>
      <Stack gap="sm">
        <Title order={4}>{t('enrol.verify_title')}</Title>
        <OtpCodeForm onEnabled={onEnabled} />
      </Stack>
    </SimpleGrid>
  );
}
