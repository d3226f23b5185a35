import { Divider, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatKioskCode, type PublicRfidLink } from '@app/shared/rfid/schemas';
import { CardNumberForm } from './card-number-form';
import { formatMoment } from './format-date';
import classes from './rfid-public.module.css';

type RfidPendingProps = { code: string; link: PublicRfidLink; connected: boolean };

/** Where to tap the card and the code to type there first, or the card's number typed here. */
export function RfidPending({ code, link, connected }: RfidPendingProps) {
  const { t, i18n } = useTranslation('rfid');
  const kiosk = link.kiosk!;

  return (
    <Stack gap="lg" data-testid="rfid-pending">
      <Stack gap={4}>
        <Title order={1} size="h2" data-testid="rfid-greeting">
          {t('public.greeting', { name: link.first_name })}
        </Title>
        <Text c="dimmed">{t('public.intro', { company: link.company.name })}</Text>
      </Stack>

      <Paper withBorder shadow="sm" radius="lg" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('public.kiosk_title')}
          </Title>
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t('public.kiosk_where')}
            </Text>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="xl" size={34}>
                <IconMapPin size={18} />
              </ThemeIcon>
              <Stack gap={0} miw={0}>
                <Text fw={700} className={classes.place} data-testid="rfid-kiosk-name">
                  {kiosk.name}
                </Text>
                <Text size="sm" className={classes.place} data-testid="rfid-kiosk-place">
                  {kiosk.site_name} › {kiosk.area_name}
                </Text>
              </Stack>
            </Group>
          </Stack>
          <Stack gap={6} align="center" ta="center">
            <Text size="sm" c="dimmed">
              {t('public.kiosk_code')}
            </Text>
            <Text component="output" dir="ltr" className={classes.kioskCode} data-testid="rfid-kiosk-code">
              {formatKioskCode(link.kiosk_code ?? '')}
            </Text>
          </Stack>
          <Text size="sm">{t('public.kiosk_tap')}</Text>
          <Group gap="xs" wrap="nowrap" justify="center" aria-live="polite">
            {connected ? (
              <>
                <Loader type="dots" size="sm" />
                <Text size="sm">{t('public.waiting')}</Text>
              </>
            ) : (
              <>
                <IconWifiOff size={18} color="var(--mantine-color-orange-6)" />
                <Text size="sm" c="orange.8">
                  {t('public.reconnecting')}
                </Text>
              </>
            )}
          </Group>
        </Stack>
      </Paper>

      <Divider label={t('public.or')} labelPosition="center" />

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('public.manual_title')}
          </Title>
          <CardNumberForm code={code} />
        </Stack>
      </Paper>

      <Text size="sm" c="dimmed" ta="center" data-testid="rfid-expires">
        {t('public.expires', { date: formatMoment(link.expires_at, i18n.language) })}
      </Text>
    </Stack>
  );
}
