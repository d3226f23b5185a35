import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskRegistration } from '@app/shared/kiosks/schemas';
import { KIOSK_APP_URL } from '@/config/paths';
import { useNow } from '@/lib/use-now';
import classes from './kiosk-register.module.css';

/** How long the page shows where the kiosk stands before it hands over to the kiosk app. */
export const HANDOVER_MS = 5000;

type RegisteredProps = {
  registration: KioskRegistration;
  /** null until the first heartbeat answered. */
  online: boolean | null;
  lastReportAt: number | null;
  /** The kiosk app sent the tablet here (`?from=kiosk`): go back to it by itself after a few seconds. */
  handOver: boolean;
};

const openKioskApp = () => window.location.assign(KIOSK_APP_URL);

/** The button to the kiosk app, and the count down to it when the kiosk app sent the tablet here. */
function HandOver({ automatic }: { automatic: boolean }) {
  const { t } = useTranslation('kiosk-register');
  const [deadline] = useState(() => Date.now() + HANDOVER_MS);
  const now = useNow(250);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (!automatic) return;
    const timer = setTimeout(openKioskApp, Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [automatic, deadline]);
  return (
    <Stack gap={4} align="center">
      <Button size="lg" onClick={openKioskApp} data-testid="kiosk-register-open-kiosk">
        {t('registered.open_kiosk')}
      </Button>
      {automatic && (
        <Text size="sm" c="dimmed" data-testid="kiosk-register-handover">
          {t('registered.handover', { seconds })}
        </Text>
      )}
    </Stack>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" gap="md" py="sm" wrap="nowrap" className={classes.detailRow}>
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={600} ta="end" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Where the kiosk stands now that an admin added it, and whether its reports reach the server. */
export function Registered({ registration, online, lastReportAt, handOver }: RegisteredProps) {
  const { t, i18n } = useTranslation('kiosk-register');
  const time = lastReportAt
    ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(lastReportAt)
    : null;

  return (
    <Stack align="center" gap="lg" w="100%" maw={560} data-testid="kiosk-register-registered">
      <ThemeIcon size={96} radius={999} variant="light" color="teal">
        <IconCircleCheck size={60} stroke={1.5} />
      </ThemeIcon>
      <Stack gap={4} align="center" ta="center">
        <Title order={1}>{t('registered.title')}</Title>
        <Text c="dimmed">{t('registered.subtitle', { company: registration.company_name })}</Text>
      </Stack>
      <Paper withBorder shadow="sm" radius="lg" px="lg" py="xs" w="100%">
        <Detail label={t('registered.company')} value={registration.company_name} testId="kiosk-register-company" />
        <Detail label={t('registered.site')} value={registration.site_name} testId="kiosk-register-site" />
        <Detail label={t('registered.area')} value={registration.area_name} testId="kiosk-register-area" />
        <Detail label={t('registered.kiosk')} value={registration.name} testId="kiosk-register-name" />
      </Paper>
      <Stack gap={4} align="center">
        <Badge
          size="lg"
          variant="dot"
          color={online === null ? 'gray' : online ? 'teal' : 'orange'}
          data-testid="kiosk-register-online"
          data-online={online === true}
          styles={{ label: { textTransform: 'none' } }}
        >
          {online === null ? t('registered.connecting') : online ? t('registered.online') : t('registered.offline')}
        </Badge>
        {time && (
          <Text size="sm" c="dimmed" data-testid="kiosk-register-last-report">
            {t('registered.last_report', { time })}
          </Text>
        )}
      </Stack>
      <HandOver automatic={handOver} />
    </Stack>
  );
}
