import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KioskRegistration } from '@app/shared/kiosks/schemas';
import classes from './kiosk-register.module.css';

type RegisteredProps = {
  registration: KioskRegistration;
  /** null until the first heartbeat answered. */
  online: boolean | null;
  lastReportAt: number | null;
};

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
export function Registered({ registration, online, lastReportAt }: RegisteredProps) {
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
    </Stack>
  );
}
