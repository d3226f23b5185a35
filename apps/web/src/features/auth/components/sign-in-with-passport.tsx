// /login's way to sign in through the passport, under the password form, and what the page says when
// the passport sends the person back without signing in (`?passport=cancelled|failed|unavailable`).
import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { passportStartHref } from '@/lib/passport-start';
import { usePageSearchText } from '../hooks/use-page-location';
import { rememberNextPage } from '../utils/next-page';

export function SignInWithPassport({ subdomain }: { subdomain: string | null }) {
  const { t } = useTranslation('auth');
  const next = usePageSearchText('next');
  return (
    <>
      {/* A rule with "or" in it; Mantine's Divider would add its code and styles to the sign-in pages. */}
      <Group gap="sm" wrap="nowrap">
        <Box flex={1} h={1} bg="var(--mantine-color-default-border)" />
        <Text size="xs" c="dimmed">
          {t('login.or')}
        </Text>
        <Box flex={1} h={1} bg="var(--mantine-color-default-border)" />
      </Group>
      <Button
        component="a"
        href={passportStartHref({ subdomain })}
        // The passport comes back at /sso: the page asked for waits in this tab until then.
        onClick={() => rememberNextPage(next)}
        variant="default"
        fullWidth
        size="md"
        leftSection={<IconId size={18} />}
        data-testid="passport-sign-in"
      >
        {t('login.passport')}
      </Button>
    </>
  );
}

export function PassportOutcomeAlert() {
  const { t } = useTranslation('auth');
  const outcome = usePageSearchText('passport');
  const text =
    outcome === 'cancelled'
      ? t('login.passport_cancelled')
      : outcome === 'failed'
        ? t('login.passport_failed')
        : outcome === 'unavailable'
          ? t('login.passport_unavailable')
          : null;
  if (!text) return null;
  return (
    <Alert
      color={outcome === 'cancelled' ? 'gray' : 'orange'}
      variant="light"
      icon={<IconAlertCircle size={18} />}
      role={outcome === 'cancelled' ? 'status' : 'alert'}
      data-testid="passport-outcome"
    >
      {text}
    </Alert>
  );
}
