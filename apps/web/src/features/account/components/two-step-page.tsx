import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLock, IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { homePathFor } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { useSearchText } from '@/lib/search-param';
import { refreshSession, useSession } from '@/lib/session';
import { isTwoStepRequired } from '@/lib/two-step-policy';
import { DisableOtpButton } from './disable-otp-button';
import { OtpEnrolment } from './otp-enrolment';
import { RecoveryCodes } from './recovery-codes';

export function TwoStepPage() {
  const { t } = useTranslation('account');
  const session = useSession();
  const forcedByLink = useSearchText('force_otp') === '1';
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (!session) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }

  const enabled = session.user.is_otp_enabled;
  const required = isTwoStepRequired(session);
  const forced = forcedByLink || session.otp_enrolment_required;

  const showRecoveryCodes = (codes: string[]) => {
    // Keep the codes before the refreshed session says two-step is on, so they are shown once.
    setRecoveryCodes(codes);
    refreshSession().catch(() => undefined);
  };

  const body = () => {
    if (recoveryCodes) {
      return (
        <RecoveryCodes
          codes={recoveryCodes}
          onAcknowledged={() => {
            setRecoveryCodes(null);
            if (forced) navigateTo(homePathFor(session.entity.package));
          }}
        />
      );
    }
    if (!enabled) return <OtpEnrolment onEnabled={showRecoveryCodes} />;
    if (required) {
      return (
        <Group gap="xs" c="dimmed">
          <IconLock size={16} />
          <Text size="sm">{t('status.required_note')}</Text>
        </Group>
      );
    }
    return (
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('status.enabled_note')}
        </Text>
        <DisableOtpButton />
      </Group>
    );
  };

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </Stack>
      {forced && !enabled && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconShieldLock size={18} />}
          title={t('forced.title')}
          data-testid="two-step-forced"
        >
          {t('forced.body')}
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size="lg" radius="md" color={enabled ? 'teal' : 'gray'}>
                <IconShieldCheck size={20} />
              </ThemeIcon>
              <Title order={4}>{t('status.title')}</Title>
            </Group>
            <Badge color={enabled ? 'teal' : 'gray'} variant="light" size="lg" data-testid="two-step-status">
              {enabled ? t('status.on') : t('status.off')}
            </Badge>
          </Group>
          <Divider />
          {body()}
        </Stack>
      </Card>
      {forced && enabled && !recoveryCodes && (
        <Group>
          <Button onClick={() => navigateTo(homePathFor(session.entity.package))}>{t('continue')}</Button>
        </Group>
      )}
    </Stack>
  );
}
