import { Alert, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPairingCode } from '@app/shared/kiosks/schemas';
import { formatRemaining } from '../utils/format-remaining';
import classes from './kiosk-register.module.css';

type PairingCodeProps = {
  code: string;
  remainingMs: number;
  totalMs: number;
  connected: boolean;
  deregistered: boolean;
};

/** The code an admin types to add this kiosk, big enough to read across a desk, with its countdown. */
export function PairingCode({ code, remainingMs, totalMs, connected, deregistered }: PairingCodeProps) {
  const { t } = useTranslation('kiosk-register');
  const share = Math.round((remainingMs / totalMs) * 100);
  const steps = [t('code.step_sign_in'), t('code.step_add'), t('code.step_code')];

  return (
    <Stack gap="xl" w="100%" maw={980}>
      <Stack gap={6} ta="center" align="center">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed" maw={560}>
          {t('subtitle')}
        </Text>
      </Stack>
      {deregistered && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="kiosk-register-deregistered"
        >
          {t('deregistered')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.codeCard}>
          <Stack gap="md" align="stretch" justify="center" h="100%">
            <Text tt="uppercase" fw={600} size="sm" c="dimmed">
              {t('code.label')}
            </Text>
            <Text
              component="output"
              className={classes.code}
              dir="ltr"
              aria-live="polite"
              data-testid="kiosk-register-code"
            >
              {formatPairingCode(code)}
            </Text>
            <Progress
              value={share}
              color={share < 20 ? 'orange' : 'indigo'}
              size="sm"
              radius="xl"
              aria-hidden="true"
              transitionDuration={900}
            />
            <Text size="sm" c="dimmed" className={classes.countdown} data-testid="kiosk-register-countdown">
              {t('code.expires_in', { time: formatRemaining(remainingMs) })}
            </Text>
            <Group gap="xs" justify="center" wrap="nowrap">
              {connected ? (
                <>
                  <Loader type="dots" size="sm" />
                  <Text size="sm">{t('code.waiting')}</Text>
                </>
              ) : (
                <>
                  <IconWifiOff size={18} color="var(--mantine-color-orange-6)" />
                  <Text size="sm" c="orange.8" data-testid="kiosk-register-reconnecting">
                    {t('code.reconnecting')}
                  </Text>
                </>
              )}
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('code.steps_title')}
            </Title>
            <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
              {steps.map((step, index) => (
                <Group key={step} component="li" gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon radius="xl" size={28} variant="light" className={classes.stepNumber}>
                    <Text fw={700} size="sm">
                      {index + 1}
                    </Text>
                  </ThemeIcon>
                  <Text pt={3}>{step}</Text>
                </Group>
              ))}
            </Stack>
            <Text size="sm" c="dimmed">
              {t('code.renews')}
            </Text>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
