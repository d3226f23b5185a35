import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchText } from '@/lib/search-param';
import { useKioskRegistration } from '../hooks/use-kiosk-registration';
import type { KioskDevice } from '../utils/kiosk-storage';
import { deviceFromQuery } from '../utils/query-device';
import { DeviceForm } from './device-form';
import { KioskScreen } from './kiosk-screen';
import { PairingCode } from './pairing-code';
import { Registered } from './registered';

/**
 * /kiosk-register: what a kiosk tablet shows until, and after, an admin adds it. The kiosk app opens
 * it with `?mac=…&version=…`; opened without, it asks for the MAC address.
 */
export function KioskRegisterPage() {
  const { t } = useTranslation('kiosk-register');
  const mac = useSearchText('mac');
  const version = useSearchText('version');
  // The kiosk app sends the tablet here to pair; once paired the page hands back to it.
  const fromKioskApp = useSearchText('from') === 'kiosk';
  const query = useMemo(() => deviceFromQuery(mac, version), [mac, version]);
  const { phase, notice, chooseDevice, startOver } = useKioskRegistration(query);

  const deviceLine = (device: KioskDevice) =>
    device.version
      ? t('device_version', { mac: device.mac, version: device.version })
      : t('device', { mac: device.mac });

  switch (phase.name) {
    case 'needs-device':
      return (
        <KioskScreen>
          <DeviceForm initial={phase} error={phase.error} onDevice={chooseDevice} />
        </KioskScreen>
      );
    case 'requesting':
      return (
        <KioskScreen>
          <Stack align="center" gap="md" maw={520} data-testid="kiosk-register-requesting">
            <Loader size="lg" />
            <Text>{t('requesting')}</Text>
            {phase.error && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
                {t('request_failed', { message: phase.error })}
              </Alert>
            )}
          </Stack>
        </KioskScreen>
      );
    case 'waiting':
      return (
        <KioskScreen footer={deviceLine(phase.device)}>
          <PairingCode
            code={phase.code}
            remainingMs={phase.remainingMs}
            totalMs={phase.totalMs}
            connected={phase.connected}
            deregistered={notice === 'deregistered'}
          />
        </KioskScreen>
      );
    case 'registered':
      return (
        <KioskScreen footer={deviceLine(phase.device)}>
          <Registered
            registration={phase.registration}
            online={phase.online}
            lastReportAt={phase.lastReportAt}
            handOver={fromKioskApp}
          />
        </KioskScreen>
      );
    case 'token-lost':
      return (
        <KioskScreen>
          <Paper withBorder shadow="md" radius="lg" p="xl" maw={520} data-testid="kiosk-register-token-lost">
            <Stack gap="md">
              <Title order={1} size="h3">
                {t('token_lost.title')}
              </Title>
              <Text>{t('token_lost.body')}</Text>
              <Button onClick={startOver}>{t('token_lost.action')}</Button>
            </Stack>
          </Paper>
        </KioskScreen>
      );
  }
}
